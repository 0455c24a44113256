/**
 * The stack's floor for `npm run bench`: React 19 + react-dom + r2wc
 * rendering one labelled input in a shadow-DOM element, nothing else.
 */
import r2wc from '@r2wc/react-to-web-component';

function Baseline() {
  return (
    <form>
      <label>
        Email <input name="email" autoComplete="username" />
      </label>
    </form>
  );
}

customElements.define('bench-baseline', r2wc(Baseline, { shadow: 'open' }));
