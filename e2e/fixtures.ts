import { expect, test as base } from "@playwright/test";

/**
 * Every page in a test: a console error, an uncaught exception or a hydration warning fails the test.
 * A test that provokes an error on purpose (a 404 page) lists the messages it expects in `expectedConsoleErrors`.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (expectedConsoleErrors.some((re) => re.test(text))) return;
        if (message.type() === "error" || /hydrat/i.test(text)) errors.push(`console.${message.type()}: ${text}`);
      });
      page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, "the browser console must stay free of errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
