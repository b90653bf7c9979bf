/** A logger for test set-up code that should stay quiet. */
export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
};
