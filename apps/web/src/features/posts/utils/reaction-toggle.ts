/** A reaction button's state: whether the viewer has reacted, and how many have. */
export interface ReactionState {
  active: boolean;
  count: number;
}

export type ReactionAction =
  /** The viewer pressed the button: show the new state at once. */
  | { type: 'toggle' }
  /** The server answered: its numbers win. */
  | { type: 'settle'; state: ReactionState }
  /** The call failed: go back to the state before the press. */
  | { type: 'rollback'; previous: ReactionState };

/** The optimistic update of like / want buttons, kept pure so it can be tested. */
export function reduceReaction(state: ReactionState, action: ReactionAction): ReactionState {
  switch (action.type) {
    case 'toggle':
      return {
        active: !state.active,
        count: Math.max(0, state.count + (state.active ? -1 : 1)),
      };
    case 'settle':
      return { active: action.state.active, count: Math.max(0, action.state.count) };
    case 'rollback':
      return action.previous;
  }
}
