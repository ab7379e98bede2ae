/**
 * Per kind × channel: one checkbox per cell in a table whose row and column headers name it ("Direct
 * messages", "Push"), so a screen reader reads each box with both. Each change is saved at once.
 */
import {
  notificationChannels,
  notificationKindLabels,
  notificationKinds,
  type NotificationChannel,
  type NotificationChannels,
  type NotificationKind,
} from '@schema/contracts/notifications';
import { notificationTexts as t } from '../texts';

export const channelLabels: Record<NotificationChannel, string> = {
  inApp: t.inApp,
  push: t.push,
  email: t.email,
};

export function ChannelTable({
  channels,
  disabled,
  onChange,
}: {
  channels: NotificationChannels;
  disabled: boolean;
  onChange(kind: NotificationKind, channel: NotificationChannel, on: boolean): void;
}) {
  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t.channelsCaption}</caption>
        <thead>
          <tr className="border-b border-stone-200 dark:border-stone-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              <span className="sr-only">Notification</span>
            </th>
            {notificationChannels.map((channel) => (
              <th
                key={channel}
                scope="col"
                className="w-12 px-0 py-2 text-center text-xs font-semibold sm:w-28 sm:text-sm"
              >
                {channelLabels[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {notificationKinds.map((kind) => (
            <tr key={kind} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
              <th scope="row" className="py-2 pr-2 font-normal">
                {notificationKindLabels[kind]}
              </th>
              {notificationChannels.map((channel) => (
                <td key={channel} className="px-0 py-1 text-center">
                  {/* The label fills the cell: a 44 px target around a native checkbox. */}
                  <label className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800">
                    <input
                      type="checkbox"
                      className="size-5 accent-lime-700"
                      checked={channels[kind][channel]}
                      disabled={disabled}
                      aria-label={`${notificationKindLabels[kind]}: ${channelLabels[channel]}`}
                      onChange={(e) => onChange(kind, channel, e.currentTarget.checked)}
                    />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
