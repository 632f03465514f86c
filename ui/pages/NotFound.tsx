import { Shell } from "../components/Shell";

export function NotFoundPage(props: { path: string }) {
  return (
    <Shell path={props.path}>
      <section className="card mt-8 p-8 text-center" aria-labelledby="not-found-heading">
        <p className="text-5xl font-bold text-primary">404</p>
        <h1 id="not-found-heading" className="mt-2 text-2xl font-bold">
          Page Not Found
        </h1>
        <p className="mt-2 text-ink-soft">
          Nothing lives at <code className="rounded bg-black/5 px-1">{props.path}</code>. Did you forget to add the page
          to the router?
        </p>
        <a
          href="/"
          className="mt-6 inline-block rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring"
        >
          Go Back Home
        </a>
      </section>
    </Shell>
  );
}
