/** The events feature's public surface: the app shell routes to these pages. */
export { EventsPage } from './pages/events-page';
export { CreateEventPage, EditEventPage } from './pages/create-event-page';
export { EventDetailPage } from './pages/event-detail-page';
