/** The shared period badge (web/src/components/ui/period-badge.tsx), under the name the finds screens use. */
export { PeriodBadge } from '@web/components/ui/period-badge';
