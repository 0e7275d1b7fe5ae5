import { Modal, type ModalProps, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

const UNSAVED_TITLE = 'Leave without saving?';
const UNSAVED_MESSAGE = 'You have unsaved changes. If you leave now they will be lost.';

/**
 * Which forms hold unsaved changes right now. React Router honours only one blocker at a time, so
 * the forms register here and one guard (in the shell) blocks for all of them.
 */
const dirtyForms = new Set<string>();
const hasUnsavedChanges = () => dirtyForms.size > 0;

/** A popup reports whether its form is dirty, so closing it asks first. */
const PopupDirty = createContext<((id: string, dirty: boolean) => void) | null>(null);

/**
 * Marks a form as holding unsaved changes while `dirty`: leaving the page (a link, Back, a reload,
 * closing the tab) asks first, and so does closing the popup it sits in (a `GuardedModal`).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  const reportToPopup = useContext(PopupDirty);
  // A layout effect runs as the typed input commits, so an Escape or a click right after the typing
  // already finds the form dirty (a passive effect could still be pending then).
  useLayoutEffect(() => {
    if (dirty) {
      dirtyForms.add(id);
    } else {
      dirtyForms.delete(id);
    }
    reportToPopup?.(id, dirty);
    return () => {
      dirtyForms.delete(id);
      reportToPopup?.(id, false);
    };
  }, [dirty, id, reportToPopup]);
}

/** Asks 'Leave without saving?'; resolves true when the person chooses to leave. */
function confirmDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: UNSAVED_TITLE,
      centered: true,
      children: <Text size="sm">{UNSAVED_MESSAGE}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The one navigation blocker and beforeunload listener of the app (rendered by the shell). */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) {
      return;
    }
    asking.current = true;
    void confirmDiscard().then((leave) => {
      asking.current = false;
      if (leave) {
        dirtyForms.clear();
        blocker.proceed();
      } else {
        blocker.reset();
      }
    });
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return null;
}

/**
 * A popup form: Escape, the close button or a click outside asks 'Leave without saving?' first when it
 * holds typed input: `dirty` from the component that owns the form state, or a form inside it that
 * calls `useUnsavedChanges`. Leaving the page while it is dirty asks too.
 */
export function GuardedModal({
  onClose,
  children,
  dirty: ownDirty = false,
  ...props
}: ModalProps & { dirty?: boolean }) {
  useUnsavedChanges(ownDirty && props.opened);
  // Refs, not state: Mantine's Escape listener may still hold the close of an earlier render.
  const ownDirtyNow = useRef(ownDirty);
  useLayoutEffect(() => {
    ownDirtyNow.current = ownDirty;
  }, [ownDirty]);
  const dirtyInside = useRef(new Set<string>());
  const report = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) {
      dirtyInside.current.add(id);
    } else {
      dirtyInside.current.delete(id);
    }
  }, []);
  const close = () => {
    if (!ownDirtyNow.current && dirtyInside.current.size === 0) {
      onClose();
      return;
    }
    void confirmDiscard().then((leave) => {
      if (leave) {
        onClose();
      }
    });
  };
  return (
    <Modal onClose={close} {...props}>
      <PopupDirty.Provider value={report}>{children}</PopupDirty.Provider>
    </Modal>
  );
}
