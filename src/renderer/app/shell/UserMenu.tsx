import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { sessionAtom } from '../session/session.atoms';
import { signOut } from '../session/signOut';

function initialsOf(first: string | undefined, last: string | undefined, email: string | undefined): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (letters || email?.[0] || '?').toUpperCase();
}

/** The account button: who is signed in, a link to settings, and Sign out. */
export function UserMenu() {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const user = session?.currentUser;
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || 'Account';

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initialsOf(user?.first_name, user?.last_name, user?.email)}
        </span>
        <span className="visually-hidden">Account menu for {name}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div className="user-menu__panel" id={menuId}>
          <div className="user-menu__who">
            <strong>{name}</strong>
            {user?.email && <span>{user.email}</span>}
          </div>
          <Link className="user-menu__item" to="/settings" onClick={() => setOpen(false)}>
            <Icon name="settings" size={16} /> Settings
          </Link>
          <button
            type="button"
            className="user-menu__item"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOut(store);
            }}
          >
            <Icon name="logout" size={16} /> Sign out
          </button>
        </div>
      )}
    </div>
  );
}
