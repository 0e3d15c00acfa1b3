import { useId, useRef } from 'react';
import { ModalDialog } from '../shared/ModalDialog';
import { TextBlock } from './TextBlock';

export const POP_UP_TITLE = 'Important information about your answer';

/**
 * The modal shown when an option with a pop-up message is chosen. The Close button takes the focus,
 * ahead of any link in the message.
 */
export function PopUpDialog({ message, onClose }: { message: string; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <ModalDialog title={POP_UP_TITLE} onClose={onClose} initialFocus={close} describedBy={messageId}>
      <div id={messageId} className="modal__body">
        <TextBlock text={message} />
      </div>
      <button type="button" className="button" ref={close} onClick={onClose}>
        Close
      </button>
    </ModalDialog>
  );
}
