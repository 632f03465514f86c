/**
 * Terms of Service and Privacy Policy (docs/product.md): scrollable legal text in a dialog
 * with a Close button. The landing page shows "Last updated January 25, 2025", the profile "Last updated
 * January 2025". Terms has 9 numbered sections, Privacy 10.
 */
import { useId } from "react";
import { CloseButton, Modal } from "./Modal";

export const SUPPORT_EMAIL = "support@localscope.app";
export const contactMailto = () => `mailto:${SUPPORT_EMAIL}`;
/** Help & Support on the profile: a mail draft with the subject 'Help Request'. */
export const helpMailto = () => `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Help Request")}`;

export const LAST_UPDATED = { landing: "Last updated January 25, 2025", profile: "Last updated January 2025" } as const;

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: "Acceptance of Terms",
    paragraphs: [
      "By creating an account, continuing as a guest or otherwise using LocalScope, you agree to these Terms of Service and to our Privacy Policy. If you do not agree, please do not use the service.",
    ],
  },
  {
    title: "Use License",
    paragraphs: [
      "We grant you a personal, non-exclusive, non-transferable licence to use LocalScope to plan trips and explore US cities for your own, non-commercial purposes. You may not copy, resell or systematically scrape the service, or try to disrupt it or get around its security.",
    ],
  },
  {
    title: "User Accounts",
    paragraphs: [
      "You must be at least 13 years old to use LocalScope. One account per person: accounts are personal and may not be shared or transferred.",
      "You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you believe your account has been used without your permission.",
    ],
  },
  {
    title: "Content and Conduct",
    paragraphs: [
      "Places shown in LocalScope come from open datasets and OpenStreetMap and are credited to their sources. Descriptions, fun facts, history and chat answers may be written by an AI provider about that data and can contain mistakes: check opening hours, prices and safety information before you travel.",
      "Do not use LocalScope to break the law, to harass anyone, or to send content that is unlawful, harmful or infringes the rights of others.",
    ],
  },
  {
    title: "Data and Privacy",
    paragraphs: [
      "How we collect and use your information is explained in our Privacy Policy. You can update, delete or export your data in your profile settings.",
    ],
  },
  {
    title: "Service Availability",
    paragraphs: [
      "We try to keep LocalScope available and accurate, but the service is provided as it is and as available. Features may change, and the service may be interrupted for maintenance or for reasons outside our control.",
    ],
  },
  {
    title: "Limitation of Liability",
    paragraphs: [
      "To the extent the law allows, LocalScope and its operators are not liable for indirect or consequential losses arising from your use of the service, or for decisions you make based on information it shows.",
    ],
  },
  {
    title: "Changes to Terms",
    paragraphs: [
      "We may update these terms. When we make important changes we will update the date above; continuing to use LocalScope after a change means you accept the new terms.",
    ],
  },
  {
    title: "Contact",
    paragraphs: [`Questions about these terms? Write to us at ${SUPPORT_EMAIL}.`],
  },
];

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: "Information We Collect",
    paragraphs: [
      "Account details you give us: your e-mail address, username and password (stored only as a secure hash). Guests get an account without any of these.",
      "What you save and do in the app: favorites, the cities you explore and the places you view, so that your profile can show your statistics.",
      "Technical information needed to run the service, such as your IP address and browser type in our server logs.",
      "Your profile details (display name, home location, e-mail and bio), your selected city and your theme are kept only on your device.",
    ],
  },
  {
    title: "How We Use Information",
    paragraphs: [
      "To provide and secure the service: to sign you in, keep your favorites, show your statistics, limit abuse such as repeated sign-in attempts, and fix problems. We do not sell your information or use it for advertising.",
    ],
  },
  {
    title: "Information Sharing",
    paragraphs: [
      "We do not share your personal information with others, except with the service providers listed below when you use the features that need them, or when the law requires it.",
      "Trips you plan are private to you. When you create a share link for a trip, anyone who has the link can read that trip (its title, city, dates, stops and notes) without signing in; it never shows your name or e-mail. You can stop sharing at any time and the link then stops working. Opening a share link is recorded in our server logs like any other page.",
      "So that you can read your trips offline, the app keeps copies of the pages and trips you opened on your device; signing out removes them.",
    ],
  },
  {
    title: "Data Security",
    paragraphs: [
      "Passwords are hashed with a modern algorithm, sessions can be ended at any time by signing out, and session cookies cannot be read by scripts. No method of storage or transmission is perfectly secure, but we work to protect your information.",
    ],
  },
  {
    title: "Your Rights",
    paragraphs: [
      "You can update, delete or export your data in your profile settings: edit your profile, download a copy of your data, or delete your saved favorites and profile details. To close your account entirely, contact us and we will delete it.",
    ],
  },
  {
    title: "Cookies",
    paragraphs: [
      "We use a session cookie to keep you signed in, a guest cookie so that you can return to your guest account, and preference cookies for your selected city and theme. We use no advertising or tracking cookies.",
    ],
  },
  {
    title: "Third-Party Services",
    paragraphs: [
      "LocalScope may use an AI provider to write descriptions, facts and chat answers about the selected city; the questions you ask in the chat are sent to it. Maps use mapping services that receive the map area you view. Place data comes from open datasets and OpenStreetMap.",
    ],
  },
  {
    title: "Children's Privacy",
    paragraphs: [
      "LocalScope is not directed at children under 13, and we do not knowingly collect information from children under 13.",
    ],
  },
  {
    title: "Changes to This Policy",
    paragraphs: ["We may update this policy. When we make important changes we will update the date above."],
  },
  {
    title: "Contact",
    paragraphs: [`Questions about your privacy or your data? Write to us at ${SUPPORT_EMAIL}.`],
  },
];

export type LegalDocument = "terms" | "privacy";
export const LEGAL_TITLES: Record<LegalDocument, string> = { terms: "Terms of Service", privacy: "Privacy Policy" };

/** The Terms or Privacy dialog: numbered sections, the date, a Close button; Escape and the backdrop close it. */
export function LegalDialog(props: {
  document: LegalDocument;
  variant: keyof typeof LAST_UPDATED;
  onClose: () => void;
}) {
  const id = useId();
  const sections = props.document === "terms" ? TERMS_SECTIONS : PRIVACY_SECTIONS;
  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId={`${props.document}-dialog`}>
      <div className="flex items-start justify-between gap-2 border-b border-line px-5 pb-3 pt-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {LEGAL_TITLES[props.document]}
          </h2>
          <p className="text-sm text-ink-soft">{LAST_UPDATED[props.variant]}</p>
        </div>
        <CloseButton onClick={props.onClose} label={`Close ${LEGAL_TITLES[props.document]}`} />
      </div>
      <ol className="flex flex-col gap-4 px-5 py-4 text-sm leading-relaxed">
        {sections.map((section, index) => (
          <li key={section.title}>
            <h3 className="font-semibold">
              {index + 1}. {section.title}
            </h3>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-1 text-ink-soft">
                {p}
              </p>
            ))}
          </li>
        ))}
      </ol>
      <div className="border-t border-line px-5 py-3 text-right">
        <button
          type="button"
          onClick={props.onClose}
          className="inline-flex items-center justify-center rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring"
        >
          Close
        </button>
      </div>
    </Modal>
  );
}
