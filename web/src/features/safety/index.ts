/** Safe return: lone detecting trips with a server-run timer (docs/notifications.md "Safe return"). */
export { SafetyPage } from './pages/safety-page';
