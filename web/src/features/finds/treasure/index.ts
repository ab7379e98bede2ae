/**
 * The Treasure clock on the device (docs/treasure.md): the assistant and card for a find's page, and
 * /finds/reporting. The app shell routes to the page; the find's page mounts the card.
 */
export { TreasureCard } from './components/treasure-card';
export { ReportingPage } from './pages/reporting-page';
