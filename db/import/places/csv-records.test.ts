import { describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { CSV_OPTIONS, csvFileRecords, csvRecords } from "./csv-records";

const columns = ["id", "name", "city"];
const csvParse = (text: string) => parse(text, { columns, ...CSV_OPTIONS }) as Record<string, string>[];

describe("csvRecords gives the records csv-parse gives", () => {
  const cases: Record<string, string> = {
    "plain lines": "1,Blue Door,Hartford\n2,Red Barn,Mystic\n",
    "Windows line ends": "1,Blue Door,Hartford\r\n2,Red Barn,Mystic\r\n",
    "quoted fields and doubled quotes": '1,"Door, Blue",Hartford\n2,"The ""Barn""",Mystic\n3,"",""\n',
    "a quoted field over two lines": '1,"Blue\nDoor",Hartford\n2,Red Barn,Mystic\n',
    "a quoted field over lines with Windows ends": '1,"Blue\r\nDoor",Hartford\r\n2,Red Barn,Mystic\r\n',
    "short and long rows": "1,Blue Door\n2,Red Barn,Mystic,extra\n3,Gray Mill,Essex\n",
    "a quote inside an unquoted field": "1,Joe's 5\" Subs,Hartford\n2,Red Barn,Mystic\n",
    "text after a closing quote": '1,"Blue" Door,Hartford\n2,Red Barn,Mystic\n',
    "empty lines": "1,Blue Door,Hartford\n\n\n2,Red Barn,Mystic\n",
    "a bare line feed among Windows ends": "1,Blue Door,Hartford\r\n2,Red\nBarn,Mystic\r\n3,Gray Mill,Essex\r\n",
    "a quote on the first line": '"1",Blue Door,Hartford\n2,Red Barn,Mystic\n',
    "no line break at the end": "1,Blue Door,Hartford\n2,Red Barn,Mystic",
    "a byte-order mark": "\uFEFF1,Blue Door,Hartford\n",
    "old Mac line ends": "1,Blue Door,Hartford\r2,Red Barn,Mystic\r",
    nothing: "",
  };
  for (const [name, text] of Object.entries(cases))
    test(name, () => {
      expect(csvRecords(text, columns)).toEqual(csvParse(text));
    });

  test("a whole file takes its columns from its first row", () => {
    const text = 'id,"name, as listed",city\r\n1,"Door, Blue",Hartford\r\n2,Red Barn,Mystic\r\n';
    expect(csvFileRecords(text)).toEqual(parse(text, { columns: true, ...CSV_OPTIONS }));
    expect(csvFileRecords(text)[0]).toEqual({ id: "1", "name, as listed": "Door, Blue", city: "Hartford" });
  });
});
