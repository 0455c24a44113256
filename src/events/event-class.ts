/**
 * The base of every public event class: a `CustomEvent<D>` of one `type`
 * with fixed flags, constructed from its `detail` alone
 * (`new FeLoginEvent({ user, restored: false })`).
 */
export function eventClass<D>(type: string, init: Omit<EventInit, 'detail'>) {
  return class extends CustomEvent<D> {
    constructor(detail: D) {
      super(type, { ...init, detail });
    }
  };
}
