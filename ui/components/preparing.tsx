/**
 * "Preparing places for {state}… {n} %" over a list's loading state while the city's state is still being
 * imported (decision 024). It asks /api/places/status only when a list has been loading for a moment, then
 * every second until the state is ready; the list's own request then fills it in.
 */
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { selectedCityAtom } from "../state";
import { apiRequest } from "../api";

const FIRST_ASK_MS = 800;
const POLL_MS = 1000;

export const preparingText = (state: string, percent: number) => `Preparing places for ${state}… ${percent} %`;

export function PreparingNote() {
  const city = useAtomValue(selectedCityAtom);
  const [status, setStatus] = useState<{ state: string; percent: number } | null>(null);
  const name = city?.name;
  const stateCode = city?.stateCode;
  useEffect(() => {
    if (!name || !stateCode) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const body = await apiRequest<{ state: string; ready: boolean; percent: number }>(
          "GET",
          `/api/places/status?city=${encodeURIComponent(name)}&state=${encodeURIComponent(stateCode)}`,
          undefined,
          { credentials: "same-origin" },
        );
        if (stopped) return;
        setStatus(body.ready ? null : { state: body.state, percent: body.percent });
        if (body.ready) return;
      } catch {
        // Offline, the server restarting or an error answer: the list shows its own error; keep asking quietly.
      }
      if (!stopped) timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, FIRST_ASK_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      setStatus(null);
    };
  }, [name, stateCode]);
  if (!status) return null;
  return (
    <p
      role="status"
      className="absolute inset-x-0 top-12 z-1 mx-auto w-fit rounded-full bg-surface px-4 py-1.5 text-sm font-medium text-ink shadow ring-1 ring-line"
      data-testid="places-preparing"
    >
      {preparingText(status.state, status.percent)}
    </p>
  );
}
