import { useAtomValue } from 'jotai';
import { greetingForHour } from '../../../shared/rules';
import { Icon } from '../../ui/icons';
import { useLayoutPrefs } from '../layout/useLayoutPrefs';
import { sessionAtom } from '../session/session.atoms';
import { BrandSwitch } from './BrandSwitch';
import { UserMenu } from './UserMenu';
import { SearchBox } from '../../features/search';
import { TutorialLayer, UserGuideButton } from '../../features/tutorials';
import { AddVideosButton, UploadLayer } from '../../features/uploads';

/** "Good morning, Maya" (spec §9 greeting by hour), using the first name or, failing that, the email. */
export function greetingText(hour: number, name: string | undefined): string {
  const greeting = `Good ${greetingForHour(hour)}`;
  return name ? `${greeting}, ${name}` : greeting;
}

/** Greeting, brand switch, skin and direction toggles, account menu. */
export function TopBar() {
  const session = useAtomValue(sessionAtom);
  const [prefs, updatePrefs] = useLayoutPrefs();
  const dark = prefs.skin === 'dark';
  const name = session?.currentUser.first_name ?? session?.currentUser.email;

  return (
    <header className="top-bar">
      <p className="top-bar__greeting" dir="auto">{greetingText(new Date().getHours(), name)}</p>
      <SearchBox />
      <div className="top-bar__tools">
        <AddVideosButton />
        <UserGuideButton />
        <BrandSwitch />
        <button
          type="button"
          className="icon-button"
          aria-pressed={dark}
          aria-label="Dark skin"
          title={dark ? 'Switch to the light skin' : 'Switch to the dark skin'}
          onClick={() => updatePrefs({ skin: dark ? 'light' : 'dark' })}
        >
          <Icon name={dark ? 'sun' : 'moon'} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-pressed={prefs.rtl}
          aria-label="Right-to-left layout"
          title={prefs.rtl ? 'Switch to left-to-right' : 'Switch to right-to-left'}
          onClick={() => updatePrefs({ rtl: !prefs.rtl })}
        >
          <Icon name="direction" />
        </button>
        <UserMenu />
      </div>
      {/* Issue 5: the upload modal and the tutorials live with the top bar, once per signed-in window. */}
      <UploadLayer />
      <TutorialLayer />
    </header>
  );
}
