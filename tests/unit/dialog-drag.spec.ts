import { DIALOG_MIN_HEIGHT, DIALOG_MIN_WIDTH, resizedDialog } from '../../web/src/shared/dialog';

// Spec 01 section 9: dialog drag minimum 400 by 300 (web/src/shared/dialog.ts, used by widgets/Modal.tsx).
describe('dialog resize', () => {
  const window = { width: 1200, height: 800 };
  it('never makes a dialog smaller than 400 by 300', () => {
    expect([DIALOG_MIN_WIDTH, DIALOG_MIN_HEIGHT]).toEqual([400, 300]);
    expect(resizedDialog({ width: 520, height: 360 }, -500, -500, window)).toEqual({ width: 400, height: 300 });
    expect(resizedDialog({ width: 520, height: 360 }, -100, -40, window)).toEqual({ width: 420, height: 320 });
  });
  it('grows as asked, up to the window', () => {
    expect(resizedDialog({ width: 520, height: 360 }, 100, 50.4, window)).toEqual({ width: 620, height: 410 });
    expect(resizedDialog({ width: 520, height: 360 }, 5000, 5000, window)).toEqual({ width: 1200, height: 800 });
    expect(resizedDialog({ width: 520, height: 360 }, 0, 0, { width: 300, height: 200 })).toEqual({ width: 400, height: 300 });
  });
});
