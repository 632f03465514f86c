// Files imported with `with { type: "file" }` resolve to a path; `type: "text"` to the file's text.
declare module "*.gz" {
  const path: string;
  export default path;
}
declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const text: string;
  export default text;
}
declare module "*/sw.js" {
  const text: string;
  export default text;
}
