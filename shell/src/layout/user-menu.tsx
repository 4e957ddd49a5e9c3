import type { AuthUser } from '@antiquarium/auth-store';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

function Avatar({ user }: { user: AuthUser }) {
  const [failed, setFailed] = useState(false);
  const name = user.displayName || user.email || 'Explorer';
  if (user.photoURL && !failed) {
    return (
      <img
        className="aq-avatar"
        src={user.photoURL}
        alt=""
        width={36}
        height={36}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="aq-avatar aq-avatar--initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** Avatar and display name opening the user's links (a disclosure: simple and fully keyboard-able). */
export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const name = user.displayName || user.email || 'Explorer';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="aq-user" ref={root}>
      <button
        type="button"
        className="aq-user__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="aq-user__name">{name}</span>
        <span className="aq-visually-hidden"> account menu</span>
      </button>
      {/* Following a link closes the menu. */}
      <ul id={menuId} className="aq-user__menu" hidden={!open} onClick={() => setOpen(false)}>
        <li>
          <Link to="/my-artifacts">My Artifacts</Link>
        </li>
        <li>
          <Link to="/my-collections">My Collections</Link>
        </li>
        <li>
          <Link to="/liked-artifacts">Liked Artifacts</Link>
        </li>
        <li>
          <Link to="/my-data">My Data</Link>
        </li>
        <li>
          <Link to="/my-notices">My Notices</Link>
        </li>
      </ul>
    </div>
  );
}
