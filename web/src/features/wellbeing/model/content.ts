/**
 * The hub's and the home section's words (docs/product/stories.md "Screens"), kept in schema/contracts so
 * the server's first look of the hub (docs/architecture.md "First paint") writes the same ones.
 */
export * from '@schema/contracts/wellbeing-content';
