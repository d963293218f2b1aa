
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'dialog.close': `關閉`,
'dialog.label': `對話框`,
'dialog.move': `移動對話框`,
'dialog.moveHint': `按方向鍵移動對話框，按住 Shift 鍵移動更遠，按 Home 鍵回到原位。`,
'notice.close': `關閉通知`,
'notice.type.error': `錯誤：`,
'notice.type.info': `提示：`,
'notice.type.success': `成功：`,
'notice.type.warning': `警告：`,
    };
  