
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'dialog.close': `Close`,
'dialog.label': `Dialog`,
'dialog.move': `Move dialog`,
'dialog.moveHint': `Use the arrow keys to move the dialog, with Shift to move it further, and Home to put it back.`,
'notice.close': `Close notification`,
'notice.type.error': `Error: `,
'notice.type.info': `Information: `,
'notice.type.success': `Success: `,
'notice.type.warning': `Warning: `,
    };
  