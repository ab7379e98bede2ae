/**
 * A form's submit that runs one save at a time, from the press on. A form whose contract loads on its first
 * use (docs/architecture.md "First paint") is busy before anything shows it, and a second press in that
 * moment must not write twice. `pending` is for the button (disabled, "Saving…").
 */
import { useRef, useState, type FormEvent } from 'react';

export function useOneSubmitAtATime(save: () => Promise<unknown>): {
  pending: boolean;
  submit: (e: FormEvent) => Promise<void>;
} {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await save();
    } finally {
      running.current = false;
      setPending(false);
    }
  }
  return { pending, submit };
}
