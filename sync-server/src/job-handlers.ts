/**
 * Every kind of job the queue runs, by name (docs/jobs.md): like app.ts for routes, the one file that
 * names the features whose jobs these are. A job of a kind not listed fails at once, visibly.
 */
import type { JobHandlers } from './lib/jobs/types';
import { deliverNotification, emailNotification } from './delivery/deliver';
import { sendDigest } from './delivery/digest';
import { EVENT_REMINDER_JOB, eventReminderJob } from './notifications/events';
import { safetyJobHandlers } from './features/safety/timer';
import { TREASURE_REMINDER_JOB, treasureReminderJob } from './features/finds/treasure-reminders';
import { PERMISSION_EXPIRY_JOB, permissionExpiryJob } from './features/locations/permission-reminders';

export const jobHandlers: JobHandlers = {
  'notification.deliver': deliverNotification,
  'notification.email': emailNotification,
  'email.digest': sendDigest,
  [EVENT_REMINDER_JOB]: eventReminderJob,
  [TREASURE_REMINDER_JOB]: treasureReminderJob,
  [PERMISSION_EXPIRY_JOB]: permissionExpiryJob,
  ...safetyJobHandlers,
};
