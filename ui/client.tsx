import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandProviders } from "./islands/runtime";

/**
 * The island runtime: every island's code is its own chunk, loaded only when its marker is on the page.
 * Add an island here when you add one to ui/islands/ (the unit test checks that every island is listed).
 */
export const islandLoaders: Record<string, () => Promise<{ default: ComponentType<any> }>> = {
  CityPicker: () => import("./islands/CityPicker"),
  CityBanner: () => import("./islands/CityBanner"),
  Toaster: () => import("./islands/Toaster"),
};

async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island!;
  const id = element.dataset.islandId!;
  const load = islandLoaders[name];
  if (!load) {
    console.warn(`LocalScope: no island named ${name}`);
    return;
  }
  const script = document.querySelector(`script[data-island-props="${id}"]`);
  const props = script?.textContent ? JSON.parse(script.textContent) : {};
  const { default: Component } = await load();
  hydrateRoot(
    element,
    <IslandProviders>
      <Component {...props} />
    </IslandProviders>,
  );
}

if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) void hydrateIsland(element);
}
