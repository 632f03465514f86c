import { useState } from "react";
import type { SelectedCity } from "../state";

/**
 * Under an answer given for another city than the chat's ("What should I see in Chicago?" while in Las Vegas):
 * a button that switches the chat's location to it (the city as the city search gives it).
 */
export function SwitchCity(props: { location: string; onSwitch: (city: SelectedCity) => void; disabled: boolean }) {
  const [failed, setFailed] = useState(false);
  const name = props.location.replace(/,\s*[A-Z]{2}$/, "");
  const choose = async () => {
    try {
      const response = await fetch(`/api/cities/search?q=${encodeURIComponent(name)}&limit=10`, {
        credentials: "include",
      });
      const hits = response.ok ? ((await response.json()) as SelectedCity[]) : [];
      const city = hits.find((c) => `${c.name}, ${c.stateCode}` === props.location);
      if (city) props.onSwitch(city);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <button
      type="button"
      className="mt-2 inline-flex items-center rounded-full border border-primary px-3 py-1 text-sm font-medium text-primary hover:bg-black/5 focus-ring disabled:opacity-60"
      onClick={() => void choose()}
      disabled={props.disabled || failed}
      data-testid="chat-switch-city"
    >
      {failed ? `${props.location} could not be found` : `Switch to ${props.location}`}
    </button>
  );
}
