import { useSetAtom } from "jotai";
import { lazy, Suspense, useState } from "react";
import { authDialogAtom } from "../components/auth-state";
import { savedItems } from "../components/account";

/** The sign-up dialog, loaded only when a guest asks for it. */
const AuthDialog = lazy(() => import("../islands/AuthDialog"));

/** The guest's invitation to create an account and keep their favorites, and the sign-up dialog it opens. */
export function GuestInvite(props: { isGuest: boolean; favorites: number | undefined }) {
  const openAuth = useSetAtom(authDialogAtom);
  const [signUp, setSignUp] = useState(false);
  const { favorites } = props;
  return (
    <>
      {props.isGuest && (
        <section
          aria-labelledby="keep-heading"
          className="card border-l-4 border-primary p-5"
          data-testid="guest-invite"
        >
          <h2 id="keep-heading" className="text-lg font-semibold">
            Keep your favorites
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            You are exploring as a guest. Create a free account and everything you saved
            {favorites ? ` (${savedItems(favorites)})` : ""} stays with you, on any device.
          </p>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setSignUp(true);
              openAuth("register");
            }}
            className="mt-3 inline-flex items-center justify-center rounded-full bg-primary px-5 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
          >
            Create Free Account
          </button>
        </section>
      )}
      {signUp && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}
    </>
  );
}
