/** The admin account of the browser tests' server (playwright.config.ts passes it as ADMIN_EMAIL). */
export const E2E_ADMIN_EMAIL = "e2e-admin@example.com";
