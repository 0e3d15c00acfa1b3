import { useState, type ReactNode } from 'react';
import type { Navigate } from '../landing/navigation';
import { ModalDialog } from '../shared/ModalDialog';
import { deleteCalculation, duplicateCalculation, startCalculation } from './adviser-api';
import { ACTION_NOT_DONE, CaseLabelDialog } from './CaseLabelDialog';
import { adviserHomePath, answersListPath, surveyStartPath } from './paths';

export const BUTTONS = {
  edit: 'Edit calculation',
  startNew: 'Start new calculation for this client',
  duplicate: 'Duplicate calculation',
  download: 'Download PDF',
  back: 'Back',
  delete: 'Delete calculation',
} as const;

type Dialog = 'none' | 'start' | 'duplicate' | 'delete';

interface Props {
  calculation: { clientGuid: string; session: string; token: string; displayName: string; isComplete: boolean };
  navigate: Navigate;
  /** A failed call (403 or another failure): the screen decides what to show. */
  onFailed(error: unknown): void;
  /** Buttons before Start new (edit). */
  leading?: ReactNode;
  /** Buttons between Duplicate and Delete (download, back). */
  children?: ReactNode;
}

/**
 * The adviser's actions on one calculation, on the calculation screen and in the
 * Adviser Section of the survey and results pages: start a new calculation for the client or duplicate this one
 * (each with its case label, then page 1 of the survey), and delete it (then the adviser home for the client).
 */
export function CalculationActions({ calculation, navigate, onFailed, leading, children }: Props) {
  const [dialog, setDialog] = useState<Dialog>('none');
  const [deleteFailed, setDeleteFailed] = useState(false);
  const home = adviserHomePath(calculation.clientGuid);
  const close = () => {
    setDialog('none');
    setDeleteFailed(false);
  };
  /** A new calculation opens on page 1; a copy of a finished one on the list of its answers, each linking to its page. */
  const goToNew = (answer: Promise<{ isValid: boolean; session?: string }>, at: (session: string) => string = surveyStartPath) =>
    answer.then(
      (response) => {
        if (!response.isValid || !response.session) return false;
        navigate(at(response.session));
        return true;
      },
      (error: unknown) => {
        onFailed(error);
        return true;
      },
    );
  return (
    <>
      <div className="button-row adviser-calculation__actions">
        {leading}
        <button type="button" className="button button--secondary" onClick={() => setDialog('start')}>
          {BUTTONS.startNew}
        </button>
        {calculation.isComplete && (
          <button type="button" className="button button--secondary" onClick={() => setDialog('duplicate')}>
            {BUTTONS.duplicate}
          </button>
        )}
        {children}
        <button type="button" className="button button--secondary" onClick={() => setDialog('delete')}>
          {BUTTONS.delete}
        </button>
      </div>
      {dialog === 'start' && (
        <CaseLabelDialog
          title={BUTTONS.startNew}
          intro={`Give the new calculation for ${calculation.displayName} a case label.`}
          submitText="Start calculation"
          onClose={close}
          onSubmit={(caseLabel) => goToNew(startCalculation(calculation.clientGuid, caseLabel))}
        />
      )}
      {dialog === 'duplicate' && (
        <CaseLabelDialog
          title={BUTTONS.duplicate}
          intro={`The copy starts with the answers of calculation ${calculation.token}, listed so you can change any of them. Give it a case label.`}
          submitText="Duplicate calculation"
          onClose={close}
          onSubmit={(caseLabel) => goToNew(duplicateCalculation(calculation.clientGuid, calculation.session, caseLabel), answersListPath)}
        />
      )}
      {dialog === 'delete' && (
        <ModalDialog title={BUTTONS.delete} onClose={close}>
          <p>Are you sure you want to delete calculation {calculation.token}? It cannot be brought back.</p>
          <p className="alert alert--danger" role="alert">
            {deleteFailed ? ACTION_NOT_DONE : ''}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => {
                setDeleteFailed(false);
                deleteCalculation(calculation.session).then(
                  (response) => (response.isValid ? navigate(home) : setDeleteFailed(true)),
                  onFailed,
                );
              }}
            >
              Delete
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
