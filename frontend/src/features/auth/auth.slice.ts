import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@visualnotes/contracts';
import { rootReducer } from '../../app/store';

/** Why the session ended, when the user ended it for good: the login page says so. */
export type SignedOutReason = 'everywhere' | 'deleted';

export interface AuthState {
  user: PublicUser | null;
  loggedIn: boolean;
  /** True once the stored token was checked at start. */
  ready: boolean;
  error: string | null;
  /** Set by a logout on all devices or an account deletion; cleared by the next sign-in. */
  signedOut: SignedOutReason | null;
}

const initialState: AuthState = { user: null, loggedIn: false, ready: false, error: null, signedOut: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setUser(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
      state.loggedIn = true;
      state.ready = true;
      state.error = null;
      state.signedOut = null;
    },
    /** Logout or reset: clears the user (tokens are cleared by the session module). */
    reset(state, action: PayloadAction<SignedOutReason | undefined>) {
      state.signedOut = action.payload ?? null;
      state.user = null;
      state.loggedIn = false;
      state.ready = true;
    },
    /** Errors go to listeners; the user is not reset on error. */
    setError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    setReady(state) {
      state.ready = true;
    },
  },
  selectors: {
    selectUser: (s) => s.user,
    selectLoggedIn: (s) => s.loggedIn,
    selectReady: (s) => s.ready,
    selectSignedOut: (s) => s.signedOut,
  },
});

export const injectedAuth = authSlice.injectInto(rootReducer);
export const { selectUser, selectLoggedIn, selectReady, selectSignedOut } = injectedAuth.selectors;
export const authActions = authSlice.actions;
