/** Lower-case, accents and punctuation removed, a leading "the" dropped: "The Bean Café" → "bean cafe". */
export function titleKey(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "");
}
