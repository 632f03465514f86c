// Generated list of the bundled Who's On First / SimpleGeo venue files, one per state.
import wofAK from "../../../data/places/wof_simplegeo_venues_AK.csv.gz" with { type: "file" };
import wofAL from "../../../data/places/wof_simplegeo_venues_AL.csv.gz" with { type: "file" };
import wofAR from "../../../data/places/wof_simplegeo_venues_AR.csv.gz" with { type: "file" };
import wofCT from "../../../data/places/wof_simplegeo_venues_CT.csv.gz" with { type: "file" };
import wofDE from "../../../data/places/wof_simplegeo_venues_DE.csv.gz" with { type: "file" };
import wofHI from "../../../data/places/wof_simplegeo_venues_HI.csv.gz" with { type: "file" };
import wofIA from "../../../data/places/wof_simplegeo_venues_IA.csv.gz" with { type: "file" };
import wofID from "../../../data/places/wof_simplegeo_venues_ID.csv.gz" with { type: "file" };
import wofKS from "../../../data/places/wof_simplegeo_venues_KS.csv.gz" with { type: "file" };
import wofKY from "../../../data/places/wof_simplegeo_venues_KY.csv.gz" with { type: "file" };
import wofLA from "../../../data/places/wof_simplegeo_venues_LA.csv.gz" with { type: "file" };
import wofME from "../../../data/places/wof_simplegeo_venues_ME.csv.gz" with { type: "file" };
import wofMS from "../../../data/places/wof_simplegeo_venues_MS.csv.gz" with { type: "file" };
import wofMT from "../../../data/places/wof_simplegeo_venues_MT.csv.gz" with { type: "file" };
import wofND from "../../../data/places/wof_simplegeo_venues_ND.csv.gz" with { type: "file" };
import wofNE from "../../../data/places/wof_simplegeo_venues_NE.csv.gz" with { type: "file" };
import wofNH from "../../../data/places/wof_simplegeo_venues_NH.csv.gz" with { type: "file" };
import wofNM from "../../../data/places/wof_simplegeo_venues_NM.csv.gz" with { type: "file" };
import wofNV from "../../../data/places/wof_simplegeo_venues_NV.csv.gz" with { type: "file" };
import wofOK from "../../../data/places/wof_simplegeo_venues_OK.csv.gz" with { type: "file" };
import wofRI from "../../../data/places/wof_simplegeo_venues_RI.csv.gz" with { type: "file" };
import wofSC from "../../../data/places/wof_simplegeo_venues_SC.csv.gz" with { type: "file" };
import wofSD from "../../../data/places/wof_simplegeo_venues_SD.csv.gz" with { type: "file" };
import wofUT from "../../../data/places/wof_simplegeo_venues_UT.csv.gz" with { type: "file" };
import wofVT from "../../../data/places/wof_simplegeo_venues_VT.csv.gz" with { type: "file" };
import wofWV from "../../../data/places/wof_simplegeo_venues_WV.csv.gz" with { type: "file" };
import wofWY from "../../../data/places/wof_simplegeo_venues_WY.csv.gz" with { type: "file" };

export const WOF_FILES: Record<string, string> = {
  AK: wofAK,
  AL: wofAL,
  AR: wofAR,
  CT: wofCT,
  DE: wofDE,
  HI: wofHI,
  IA: wofIA,
  ID: wofID,
  KS: wofKS,
  KY: wofKY,
  LA: wofLA,
  ME: wofME,
  MS: wofMS,
  MT: wofMT,
  ND: wofND,
  NE: wofNE,
  NH: wofNH,
  NM: wofNM,
  NV: wofNV,
  OK: wofOK,
  RI: wofRI,
  SC: wofSC,
  SD: wofSD,
  UT: wofUT,
  VT: wofVT,
  WV: wofWV,
  WY: wofWY,
};
