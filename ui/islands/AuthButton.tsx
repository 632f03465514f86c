import { useSetAtom } from "jotai";
import type { AuthMode } from "../components/account";
import { authDialogAtom } from "../components/auth-state";

/** A landing-page button that opens the auth dialog in one mode ('Sign In', 'Get Started Free', 'Create Free Account'). */
export default function AuthButton(props: { mode: AuthMode; label: string; className?: string }) {
  const open = useSetAtom(authDialogAtom);
  return (
    <button type="button" aria-haspopup="dialog" onClick={() => open(props.mode)} className={props.className}>
      {props.label}
    </button>
  );
}
