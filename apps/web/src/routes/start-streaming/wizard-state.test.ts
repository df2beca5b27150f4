import type { TTokenPreview } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { canStart, initialWizard, wizardReducer } from './wizard-state.ts';

const preview: TTokenPreview = {
  address: '0x1111111111111111111111111111111111111111',
  name: 'Pepe',
  symbol: 'PEPE',
  description: 'd',
  image: '/images/default-token.svg',
  marketCap: 1,
  price: 1,
  website: null,
  twitter: null,
  telegram: null,
};

const defaults = {
  title: 'Pepe Live Trading',
  description: 'Live trading and analysis for Pepe (PEPE)',
};

describe('wizardReducer', () => {
  it('moves to the preview with the defaults it is given after a successful lookup', () => {
    const s = wizardReducer(wizardReducer(initialWizard, { type: 'address', value: preview.address }), {
      type: 'lookupOk',
      preview,
      defaults,
    });
    expect(s).toMatchObject({
      step: 'preview',
      title: 'Pepe Live Trading',
      description: 'Live trading and analysis for Pepe (PEPE)',
    });
    expect(canStart(s)).toBe(true);
    expect(canStart(wizardReducer(s, { type: 'title', value: '   ' }))).toBe(false);
  });

  it('Back clears the token; reset clears every field', () => {
    const previewed = wizardReducer(
      { ...initialWizard, address: preview.address },
      { type: 'lookupOk', preview, defaults },
    );
    const back = wizardReducer(previewed, { type: 'back' });
    expect(back).toMatchObject({ step: 'input', preview: null, title: '', description: '' });
    const streaming = wizardReducer(previewed, { type: 'started' });
    expect(streaming.step).toBe('streaming');
    expect(wizardReducer(streaming, { type: 'reset' })).toEqual(initialWizard);
  });

  it('cannot start streaming without a token', () => {
    expect(wizardReducer(initialWizard, { type: 'started' }).step).toBe('input');
  });

  it('a refused start goes back to step 1 with its reason under the address, which stays', () => {
    const previewed = wizardReducer(
      { ...initialWizard, address: preview.address },
      { type: 'lookupOk', preview, defaults },
    );
    const refused = wizardReducer(previewed, { type: 'refused', message: 'belongs to another wallet' });
    expect(refused).toMatchObject({
      step: 'input',
      address: preview.address,
      preview: null,
      lookupError: 'belongs to another wallet',
    });
  });
});
