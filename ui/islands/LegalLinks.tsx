import { useState } from "react";
import { contactMailto, LegalDialog, type LegalDocument } from "../components/legal";

/** The landing footer's Privacy Policy and Terms of Service dialogs and the Contact mail link. */
export default function LegalLinks() {
  const [open, setOpen] = useState<LegalDocument | null>(null);
  const link = "rounded font-medium underline-offset-4 hover:text-primary hover:underline focus-ring";
  return (
    <>
      <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm">
        <li>
          <button type="button" aria-haspopup="dialog" className={link} onClick={() => setOpen("privacy")}>
            Privacy Policy
          </button>
        </li>
        <li>
          <button type="button" aria-haspopup="dialog" className={link} onClick={() => setOpen("terms")}>
            Terms of Service
          </button>
        </li>
        <li>
          <a className={link} href={contactMailto()}>
            Contact
          </a>
        </li>
        <li>
          <a className={link} href="/about">
            Data sources
          </a>
        </li>
      </ul>
      {open && <LegalDialog document={open} variant="landing" onClose={() => setOpen(null)} />}
    </>
  );
}
