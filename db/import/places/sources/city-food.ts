import { austinFood, seattleKcFood, sfFood } from "./city-food-west";
import { nycRestaurants, nashvilleBeer, chicagoSidewalkCafes, atlantaFood } from "./city-food-east";
import type { Dataset } from "../types";

export { nycRestaurants, nashvilleBeer, chicagoSidewalkCafes, atlantaFood } from "./city-food-east";
export { austinFood, seattleKcFood, sfFood } from "./city-food-west";
export { classifyFoodName, cleanFoodName, foodKind } from "./city-food-shared";

/** Every city food dataset, in import order (the rules: city-food-shared.ts). */
export const cityFoodDatasets: Dataset[] = [
  nycRestaurants,
  austinFood,
  seattleKcFood,
  sfFood,
  nashvilleBeer,
  chicagoSidewalkCafes,
  atlantaFood,
];
