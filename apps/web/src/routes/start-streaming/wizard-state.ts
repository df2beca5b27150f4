import type { TTokenPreview } from '@mintcast/contracts';

/** The wizard of spec §2/§4: input → preview → streaming. */
export type WizardStep = 'input' | 'preview' | 'streaming';

export interface WizardState {
  step: WizardStep;
  address: string;
  lookupError: string | null;
  preview: TTokenPreview | null;
  title: string;
  description: string;
}

export type WizardAction =
  | { type: 'address'; value: string }
  | { type: 'lookupFailed'; message: string }
  | { type: 'refused'; message: string }
  /** `defaults`: the title and description the creator starts from, in the creator's language (spec §5). */
  | { type: 'lookupOk'; preview: TTokenPreview; defaults: { title: string; description: string } }
  | { type: 'title'; value: string }
  | { type: 'description'; value: string }
  | { type: 'back' }
  | { type: 'started' }
  | { type: 'reset' };

export const initialWizard: WizardState = {
  step: 'input',
  address: '',
  lookupError: null,
  preview: null,
  title: '',
  description: '',
};

export const wizardReducer = (state: WizardState, action: WizardAction): WizardState => {
  switch (action.type) {
    case 'address':
      return { ...state, address: action.value, lookupError: null };
    case 'lookupFailed':
      return { ...state, lookupError: action.message };
    case 'refused':
      // Step 2's start was refused for the token itself: back to step 1, its reason under the address.
      return {
        ...state,
        step: 'input',
        preview: null,
        title: '',
        description: '',
        lookupError: action.message,
      };
    case 'lookupOk':
      return {
        ...state,
        step: 'preview',
        lookupError: null,
        preview: action.preview,
        title: action.defaults.title,
        description: action.defaults.description,
      };
    case 'title':
      return { ...state, title: action.value };
    case 'description':
      return { ...state, description: action.value };
    case 'back':
      // Back clears the token (and what was derived from it); the typed address stays for a quick retry.
      return { ...state, step: 'input', preview: null, title: '', description: '' };
    case 'started':
      return state.preview ? { ...state, step: 'streaming' } : state;
    case 'reset':
      // Leaving the broadcast (end, closed, wallet disconnected) starts over with every field cleared.
      return initialWizard;
  }
};

/** "Start Live Stream" needs a token and a non-blank title (spec §5). */
export const canStart = (state: WizardState): boolean => state.preview !== null && state.title.trim() !== '';
