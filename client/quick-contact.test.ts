import { expect, test } from 'vitest';
import { floatsAt } from '#client/quick-contact.ts';

test('the pair floats from half a screen down: where its 68 px corner lies below the first screen', () => {
  expect([0, 379, 380, 2000].map((y) => floatsAt(y, 760))).toEqual([false, false, true, true]);
});
