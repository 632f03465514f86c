import { expect, test } from "bun:test";
import { titleCase } from "./values";

test("names the census and the registers spell in capitals read as names, initials and numerals kept", () => {
  expect(titleCase("O.K. CORRAL")).toBe("O.K. Corral");
  expect(titleCase("U.S. GRANT HOTEL")).toBe("U.S. Grant Hotel");
  expect(titleCase("TOMBSTONE COURTHOUSE STATE HISTORIC PARK")).toBe("Tombstone Courthouse State Historic Park");
  expect(titleCase("MUSEUM OF THE CITY OF NEW YORK")).toBe("Museum of the City of New York");
  expect(titleCase("MCDONALD HOUSE")).toBe("McDonald House");
  expect(titleCase("USS ARIZONA MEMORIAL")).toBe("USS Arizona Memorial");
  expect(titleCase("POPE JOHN PAUL II PARK")).toBe("Pope John Paul II Park");
  expect(titleCase("Already Mixed Case")).toBe("Already Mixed Case");
});
