/**
 * Dialog: Radix's dialog (focus trap, Escape, outside click, scroll lock, labelled by its title), loaded with
 * the first dialog that opens rather than with the app (see lazy-parts.ts). Until then a closed dialog is its
 * trigger alone; hovering or focusing the trigger starts the download, opening shows the dialog when it has
 * arrived. The styled Radix parts are in dialog-parts.tsx.
 */
import { createContext, useContext, type ComponentProps, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';
import type * as Parts from './dialog-parts';
import { lazyParts, prefetch, requireParts } from './lazy-parts';
import { useLazyRoot, type OpenStateProps } from './lazy-root';
import { LightTrigger, type LightTriggerProps } from './light-trigger';

const dialogParts = lazyParts(() => import('./dialog-parts'));

type DialogState = ReturnType<typeof useLazyRoot<typeof Parts>>;
const DialogContext = createContext<DialogState | null>(null);

function useDialogState(part: string): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error(`<${part}> must be inside <Dialog>`);
  return state;
}

export interface DialogProps extends OpenStateProps {
  modal?: boolean;
  children?: ReactNode;
}

export function Dialog({ modal, children, ...openState }: DialogProps) {
  const state = useLazyRoot(dialogParts, openState);
  const { radix } = state;
  return (
    <DialogContext.Provider value={state}>
      {radix ? (
        <radix.DialogRoot open={state.open} onOpenChange={state.setOpen} modal={modal}>
          {children}
        </radix.DialogRoot>
      ) : (
        children
      )}
    </DialogContext.Provider>
  );
}

export function DialogTrigger(props: LightTriggerProps) {
  const { radix, setOpen, setTriggerFocused, takeFocus } = useDialogState('DialogTrigger');
  if (radix) return <radix.DialogTrigger {...props} ref={takeFocus} />;
  return (
    <LightTrigger
      triggerProps={props}
      attributes={{ 'aria-haspopup': 'dialog', 'aria-expanded': false, 'data-state': 'closed' }}
      handlers={{
        onPointerEnter: () => prefetch(dialogParts),
        onFocus: () => prefetch(dialogParts),
        onClick: () => setOpen(true),
      }}
      onFocusChange={setTriggerFocused}
    />
  );
}

export function DialogClose(props: LightTriggerProps) {
  const state = useDialogState('DialogClose');
  if (state.radix) return <state.radix.DialogClose {...props} />;
  return (
    <LightTrigger
      triggerProps={props}
      attributes={{}}
      handlers={{ onClick: () => state.setOpen(false) }}
      onFocusChange={state.setTriggerFocused}
    />
  );
}

/**
 * On phones the dialog fills the width and sits near the top so the on-screen keyboard doesn't cover the
 * form; long content scrolls inside. Renders nothing until the dialog has opened once.
 */
export function DialogContent(props: ComponentProps<typeof Parts.DialogContent>) {
  const { radix } = useDialogState('DialogContent');
  return radix ? <radix.DialogContent {...props} /> : null;
}

export function DialogTitle(props: ComponentProps<typeof Parts.DialogTitle>) {
  const { DialogTitle: Title } = requireParts(dialogParts, 'DialogTitle');
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<typeof Parts.DialogDescription>) {
  const { DialogDescription: Description } = requireParts(dialogParts, 'DialogDescription');
  return <Description {...props} />;
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5 pr-10', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
