import { expect, test } from "bun:test";
import { eponyms } from "./service";

const at = (key: string, latitude = 40.706, longitude = -73.997) => ({ key, latitude, longitude });

test("names borrowed from a sight nearby count once per distinct name, at most 3; far, one-word and street names do not count", () => {
  const names = [
    at("brooklyn bridge cafe"),
    at("brooklyn bridge garden bar"),
    at("brooklyn bridge cafe"), // the same name twice counts once
    at("brooklyn bridge park pier 6 dog run"),
    at("brooklyn bridge city hall subway station"),
    at("brooklyn bridgeport deli"), // not the whole name
    at("brooklyn bridge bagels", 40.9, -73.997), // 13 mi away
    at("chelsea market"),
    at("5th avenue deli"),
  ];
  expect(eponyms([at("brooklyn bridge"), at("chelsea"), at("5th avenue"), at("empire state building")], names)).toEqual([3, 0, 0, 0]);
  expect(eponyms([at("brooklyn bridge")], names.slice(0, 2))).toEqual([2]);
});
