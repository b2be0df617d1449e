import { useLayoutPrefs } from '../../app/layout/useLayoutPrefs';

/** Skin, direction and menu, saved with the host settings. */
export function LayoutSettings() {
  const [prefs, update] = useLayoutPrefs();
  return (
    <section className="card settings-card" aria-labelledby="layout-title">
      <h2 className="card__title" id="layout-title">
        Layout
      </h2>
      <fieldset className="settings-choices">
        <legend className="field__label">Skin</legend>
        <div className="segmented">
          <label>
            <input type="radio" name="skin" checked={prefs.skin === 'light'} onChange={() => update({ skin: 'light' })} />
            Light
          </label>
          <label>
            <input type="radio" name="skin" checked={prefs.skin === 'dark'} onChange={() => update({ skin: 'dark' })} />
            Dark
          </label>
        </div>
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={prefs.rtl} onChange={(event) => update({ rtl: event.target.checked })} />
        <span>Right-to-left layout</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={prefs.menuCollapsed}
          onChange={(event) => update({ menuCollapsed: event.target.checked })}
        />
        <span>Collapse the navigation menu</span>
      </label>
    </section>
  );
}
