import { Shell } from "../components/Shell";
import { ACCESS_DENIED } from "../../src/domain/accounts";
import { TextBackLink } from "../components/back-link";

/**
 * /admin and /admin/traffic until the admin screens exist. Checked on the server (docs/product.md#accounts): anyone but
 * the admin gets 403 with the product's 'Access denied. Admin privileges required.'
 */
export function AdminPlaceholderPage(props: { path: string; title: string; allowed: boolean }) {
  return (
    <Shell path={props.path}>
      <div className="flex items-center gap-2">
        <TextBackLink
          href={props.path === "/admin/traffic" ? "/profile" : "/"}
          label={props.path === "/admin/traffic" ? "Back to Profile" : "Back to App"}
        />
        <h1 className="text-xl font-bold">{props.title}</h1>
      </div>
      <section className="card mt-4 p-6 text-center" role={props.allowed ? undefined : "alert"}>
        {props.allowed ? (
          <p className="text-ink-soft">This screen is coming soon.</p>
        ) : (
          <p className="font-semibold text-red-700 dark:text-red-300">{ACCESS_DENIED}</p>
        )}
      </section>
    </Shell>
  );
}
