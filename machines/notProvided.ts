/**
 * What every IO actor and side-effect action a machine names does until the app provides it
 * (docs/conventions.md "Wiring a machine to a view"): it throws, naming the machine and the stub.
 * An actor stub is `async () => notProvided(...)`, so its invoke takes the `onError` path like any
 * failed call; an action stub stops the actor with that error.
 */
export const notProvided = (machine: string, name: string): never => {
  throw new Error(`${machine}: provide the ${name} implementation`);
};
