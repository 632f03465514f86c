/** Historic sites from state and city registers and state marker programmes (the rules: historic-shared.ts). */
import { historicalMarkers } from "./historic-markers";
import { nycLandmarks, chicagoLandmarks, portlandLandmarks } from "./historic-landmarks";
import { nysNationalRegister, mtNationalRegister, moHistoric, wvNrhp, ncNrhp } from "./historic-registers";
import type { Dataset } from "../types";

export { nysNationalRegister, mtNationalRegister, moHistoric, wvNrhp, ncNrhp } from "./historic-registers";
export { nycLandmarks, chicagoLandmarks, portlandLandmarks } from "./historic-landmarks";
export { quoteExcerpt, historicalMarkers } from "./historic-markers";
export { historicName, uninvertName } from "./historic-shared";

/** Every historic dataset in this module. */
export const historicDatasets: Dataset[] = [
  nysNationalRegister,
  nycLandmarks,
  chicagoLandmarks,
  portlandLandmarks,
  mtNationalRegister,
  moHistoric,
  wvNrhp,
  ncNrhp,
  historicalMarkers,
];
