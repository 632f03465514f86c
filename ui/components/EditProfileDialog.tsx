import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { apiRequest } from "../api";
import { showToastAtom } from "../state";
import { BIO_MAX, PROFILE_KEY, validateProfile, type Profile, type ProfileErrors } from "./account";
import { readProfile, saveProfile } from "./device";
import { CloseButton, Modal } from "./Modal";
import type { Viewer } from "./viewer";

const FIELD =
  "mt-1 block w-full rounded-xl border bg-surface px-3 py-2.5 text-ink placeholder:text-ink-soft focus-ring";

/**
 * Edit Profile (and Settings, the same dialog): Display Name, Home Location, Email (Optional), Bio (Optional),
 * Save Changes and Cancel; the product's messages per field; saved only on this device under `userProfile`.
 * Below the form: the data controls the policies promise (download a copy, delete saved data).
 */
export function EditProfileDialog(props: {
  mode: "edit" | "settings";
  user: Viewer;
  initial: Profile;
  onClose: () => void;
  onSaved: (profile: Profile) => void;
  onDataDeleted: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Profile>(props.initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const field = (key: keyof Profile) => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby":
      [errors[key] ? `${id}-${key}-error` : "", key === "bio" ? `${id}-bio-count` : ""].filter(Boolean).join(" ") ||
      undefined,
    className: `${FIELD} ${errors[key] ? "border-red-600 dark:border-red-400" : "border-line"}`,
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: event.target.value }));
      if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateProfile(values);
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first field with a problem so screen readers hear its message.
      const firstBad = (["name", "location", "email", "bio"] as const).find((k) => result.errors[k]);
      if (firstBad) document.getElementById(`${id}-${firstBad}`)?.focus();
      return;
    }
    saveProfile(result.profile);
    props.onSaved(result.profile);
  }

  const bioLength = [...values.bio].length;
  const title = props.mode === "settings" ? "Settings" : "Edit Profile";
  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId="edit-profile-dialog">
      <div className="flex items-start justify-between gap-2 px-5 pt-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-ink-soft">Your profile is kept only on this device.</p>
        </div>
        <CloseButton onClick={props.onClose} />
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 px-5 pb-4 pt-3">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Display Name
          </label>
          <input ref={first} type="text" autoComplete="nickname" maxLength={80} {...field("name")} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-location`} className="text-sm font-medium">
            Home Location
          </label>
          <input
            type="text"
            autoComplete="address-level2"
            placeholder="City, State"
            maxLength={120}
            {...field("location")}
          />
          <FieldError id={`${id}-location-error`} message={errors.location} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Email (Optional)
          </label>
          <input type="email" inputMode="email" autoComplete="email" maxLength={254} {...field("email")} />
          <FieldError id={`${id}-email-error`} message={errors.email} />
        </div>
        <div>
          <label htmlFor={`${id}-bio`} className="text-sm font-medium">
            Bio (Optional)
          </label>
          <textarea rows={3} placeholder="A few words about how you like to travel" {...field("bio")} />
          <p
            id={`${id}-bio-count`}
            className={`mt-1 text-right text-xs ${bioLength > BIO_MAX ? "font-semibold text-red-700 dark:text-red-300" : "text-ink-soft"}`}
          >
            {bioLength}/{BIO_MAX}
          </p>
          <FieldError id={`${id}-bio-error`} message={errors.bio} />
        </div>
        <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={props.onClose}
            className="inline-flex items-center justify-center rounded-full px-5 py-2.5 font-semibold ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-full bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-ring"
          >
            Save Changes
          </button>
        </div>
      </form>
      <YourData user={props.user} onDeleted={props.onDataDeleted} />
    </Modal>
  );
}

function FieldError(props: { id: string; message?: string }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {props.message}
    </p>
  );
}

interface FavoriteRow {
  id: number;
}

/** Download a copy of your data, or delete your saved favorites and profile details (Privacy Policy, "Your Rights"). */
function YourData(props: { user: Viewer; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const [busy, setBusy] = useState<"export" | "delete" | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function download() {
    setBusy("export");
    try {
      const [favorites, stats] = await Promise.all([
        apiRequest<unknown[]>("GET", "/api/favorites"),
        apiRequest<unknown>("GET", "/api/profile/stats"),
      ]);
      const data = {
        exportedAt: new Date().toISOString(),
        account: props.user,
        profileOnThisDevice: readProfile(),
        statistics: stats,
        favorites,
      };
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = "localscope-data.json";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      showToast({
        title: "Error",
        description: "Your data could not be downloaded. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("delete");
    try {
      const favorites = await apiRequest<FavoriteRow[]>("GET", "/api/favorites");
      for (const favorite of favorites) await apiRequest("DELETE", `/api/favorites/${favorite.id}`);
      try {
        localStorage.removeItem(PROFILE_KEY);
      } catch {
        // Nothing stored.
      }
      void queryClient.invalidateQueries({ queryKey: ["favorites"] });
      showToast({ title: "Your saved data was deleted", description: "Your favorites and profile details are gone." });
      props.onDeleted();
    } catch {
      showToast({
        title: "Error",
        description: "Some of your data could not be deleted. Please try again.",
        variant: "destructive",
      });
      setBusy(null);
      setConfirming(false);
    }
  }

  const soft =
    "inline-flex items-center justify-center rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring disabled:opacity-60";
  return (
    <section aria-labelledby="your-data-heading" className="border-t border-line px-5 pb-5 pt-4">
      <h3 id="your-data-heading" className="font-semibold">
        Your data
      </h3>
      <p className="text-sm text-ink-soft">
        Download a copy of everything LocalScope keeps about you, or delete your favorites and profile details.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={soft} onClick={() => void download()} disabled={busy !== null}>
          {busy === "export" ? "Please wait..." : "Download my data"}
        </button>
        {!confirming ? (
          <button
            type="button"
            className={`${soft} text-red-700 dark:text-red-300`}
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
          >
            Delete my saved data
          </button>
        ) : (
          <span role="group" aria-label="Confirm deletion" className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-ring disabled:opacity-60"
              onClick={() => void remove()}
              disabled={busy !== null}
            >
              {busy === "delete" ? "Deleting..." : "Yes, delete favorites and profile"}
            </button>
            <button type="button" className={soft} onClick={() => setConfirming(false)} disabled={busy !== null}>
              Keep my data
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
