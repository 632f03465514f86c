import type { ReactNode } from "react";
import { savedItems, signedInAs } from "../components/account";
import { helpMailto, SUPPORT_EMAIL, type LegalDocument } from "../components/legal";
import type { Viewer } from "../components/viewer";
import { locationText, type SelectedCity } from "../state";
import { ICONS } from "./icons";

/** The Quick Actions list: links and buttons to the other screens, the dialogs, the policies and Sign Out. */
export function QuickActions(props: {
  user: Viewer;
  city: SelectedCity;
  favorites: number | undefined;
  signingOut: boolean;
  onEdit: (mode: "edit" | "settings") => void;
  onLegal: (document: LegalDocument) => void;
  onSignOut: () => void;
}) {
  const { user, city, favorites, signingOut } = props;
  return (
    <section aria-labelledby="actions-heading" className="card overflow-hidden">
      <h2 id="actions-heading" className="px-5 pb-1 pt-4 text-lg font-semibold">
        Quick Actions
      </h2>
      <ul className="divide-y divide-line">
        <ActionRow href="/" icon={ICONS.pin} title="Change Location" subtitle={`Exploring ${locationText(city)}`} />
        <ActionRow
          href="/favorites"
          icon={ICONS.heart}
          title="My Favorites"
          subtitle={favorites === undefined ? "Counting saved items…" : savedItems(favorites)}
        />
        <ActionRow
          onClick={() => props.onEdit("edit")}
          icon={ICONS.edit}
          title="Edit Profile"
          subtitle="Name, home location and bio"
          dialog
        />
        <ActionRow
          onClick={() => props.onEdit("settings")}
          icon={ICONS.settings}
          title="Settings"
          subtitle="Profile details and your data"
          dialog
        />
        {user.isAdmin && (
          <ActionRow
            href="/admin/traffic"
            icon={ICONS.chart}
            title="Traffic Analytics"
            subtitle="Visitors, pages and live traffic"
          />
        )}
        <ActionRow
          href={helpMailto()}
          icon={ICONS.help}
          title="Help & Support"
          subtitle={`Write to ${SUPPORT_EMAIL}`}
        />
        <ActionRow
          onClick={() => props.onLegal("terms")}
          icon={ICONS.doc}
          title="Terms of Service"
          subtitle="How LocalScope may be used"
          dialog
        />
        <ActionRow
          onClick={() => props.onLegal("privacy")}
          icon={ICONS.shield}
          title="Privacy Policy"
          subtitle="How we handle your data"
          dialog
        />
        <ActionRow
          onClick={props.onSignOut}
          icon={ICONS.out}
          title={signingOut ? "Signing out..." : "Sign Out"}
          subtitle={signedInAs(user)}
          disabled={signingOut}
          danger
        />
      </ul>
    </section>
  );
}

function ActionRow(props: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  href?: string;
  onClick?: () => void;
  dialog?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${props.danger ? "bg-red-100 text-red-700 dark:bg-red-900/50 dark:text-red-200" : "bg-black/5 text-ink dark:bg-white/10"}`}
      >
        {props.icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={`font-medium ${props.danger ? "text-red-700 dark:text-red-300" : ""}`}>{props.title}</span>
        <span className="truncate text-sm text-ink-soft">{props.subtitle}</span>
      </span>
      {ICONS.chevron}
    </>
  );
  const row =
    "flex w-full items-center gap-3 px-5 py-3 text-left hover:bg-black/5 dark:hover:bg-white/5 focus-ring disabled:opacity-60";
  return (
    <li>
      {props.href ? (
        <a href={props.href} className={row}>
          {body}
        </a>
      ) : (
        <button
          type="button"
          onClick={props.onClick}
          disabled={props.disabled}
          aria-haspopup={props.dialog ? "dialog" : undefined}
          className={row}
        >
          {body}
        </button>
      )}
    </li>
  );
}
