import { expect, test } from "bun:test";
import { LIST } from "../../src/domain/lists";
import { illustrationScene } from "./illustrations";

test("a campground, an RV park or a cabin is drawn outdoors; a hotel keeps its lit windows", () => {
  for (const kind of ["campground", "group campground", "camp site", "rv park", "cabin"])
    expect(illustrationScene(11, kind), kind).toBe(LIST.activities);
  for (const kind of ["hotel", "motel", "inn", "hostel", "bed & breakfast"])
    expect(illustrationScene(11, kind), kind).toBe(LIST.lodging);
});
