import { Elysia } from "elysia";
import serviceWorker from "../ui/static/sw.js" with { type: "text" };

/** The installable app: its web app manifest (linked from every page) and the service worker at /sw.js. */
export const WEB_MANIFEST = {
  name: "LocalScope — Travel Enlightened",
  short_name: "LocalScope",
  description: "Discover real places in any US city, plan a day and keep your trips offline.",
  start_url: "/trips",
  scope: "/",
  display: "standalone",
  background_color: "#ffffff",
  theme_color: "#15803d",
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  ],
};

export const offline = () =>
  new Elysia({ name: "offline" })
    .get(
      "/manifest.webmanifest",
      () =>
        new Response(JSON.stringify(WEB_MANIFEST), {
          headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" },
        }),
    )
    .get(
      "/sw.js",
      () =>
        new Response(serviceWorker, {
          headers: {
            "content-type": "text/javascript; charset=utf-8",
            // A new worker is picked up on the next visit.
            "cache-control": "no-cache",
            "service-worker-allowed": "/",
          },
        }),
    );
