// Demo app "library", file "loans": one reader's borrowed books with due dates (overdue ones marked) and, when the
// host passes linkUrl, a link to the full record. Same contract as search.js. `id` is the reader number.
(function () {
  'use strict';

  var TEXTS = {
    'zh-CN': {
      title: '读者 {id} 的借阅',
      book: '书名',
      borrowed: '借出日期',
      due: '应还日期',
      state: '状态',
      overdue: '已逾期 {n} 天',
      left: '还剩 {n} 天',
      more: '查看完整借阅记录',
    },
    'zh-HK': {
      title: '讀者 {id} 的借閱',
      book: '書名',
      borrowed: '借出日期',
      due: '應還日期',
      state: '狀態',
      overdue: '已逾期 {n} 天',
      left: '還剩 {n} 天',
      more: '查看完整借閱記錄',
    },
    en: {
      title: 'Loans of reader {id}',
      book: 'Title',
      borrowed: 'Borrowed',
      due: 'Due',
      state: 'Status',
      overdue: '{n} days overdue',
      left: '{n} days left',
      more: 'Full loan record',
    },
  };

  var TITLES = [
    ['骆驼祥子', '駱駝祥子', 'Rickshaw Boy'],
    ['海底两万里', '海底兩萬里', 'Twenty Thousand Leagues Under the Seas'],
    ['昆虫记', '昆蟲記', 'The Insect World'],
    ['艾青诗选', '艾青詩選', 'Selected Poems of Ai Qing'],
    ['城南旧事', '城南舊事', 'Memories of Peking: South Side Stories'],
  ];

  var DAY = 24 * 60 * 60 * 1000;

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return String(values[key]);
    });
  }

  function date(ms) {
    var d = new Date(ms);
    var mm = d.getMonth() + 1;
    var dd = d.getDate();
    return d.getFullYear() + '-' + (mm < 10 ? '0' : '') + mm + '-' + (dd < 10 ? '0' : '') + dd;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Only web addresses become links: a javascript: or data: URL from the query must never run.
  function safeLink(url) {
    if (!url) return null;
    try {
      var parsed = new URL(url, window.location.href);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
    } catch {
      return null;
    }
  }

  function render(container, context) {
    var lang = TEXTS[context.lang] ? context.lang : 'zh-CN';
    var t = TEXTS[lang];
    var index = lang === 'zh-HK' ? 1 : lang === 'en' ? 2 : 0;
    var reader = /^[A-Za-z0-9-]{1,20}$/.test(context.id || '') ? context.id : '2025070101';
    var seed = 0;
    for (var i = 0; i < reader.length; i++) seed = (seed * 31 + reader.charCodeAt(i)) % 997;
    var today = new Date();
    today.setHours(0, 0, 0, 0);

    var section = el('section', 'demo-loans');
    section.appendChild(el('h3', '', format(t.title, { id: reader })));
    var table = el('table', 'demo-loans-table');
    var head = table.createTHead().insertRow();
    [t.book, t.borrowed, t.due, t.state].forEach(function (text) {
      var th = el('th', '', text);
      th.scope = 'col';
      head.appendChild(th);
    });
    var body = table.createTBody();
    for (var n = 0; n < 3; n++) {
      var title = TITLES[(seed + n * 2) % TITLES.length];
      var borrowed = today.getTime() - ((seed + n * 11) % 40) * DAY;
      var due = borrowed + 30 * DAY;
      var daysLeft = Math.round((due - today.getTime()) / DAY);
      var row = body.insertRow();
      row.appendChild(el('td', '', title[index]));
      row.appendChild(el('td', '', date(borrowed)));
      row.appendChild(el('td', '', date(due)));
      row.appendChild(
        el(
          'td',
          daysLeft < 0 ? 'is-overdue' : '',
          daysLeft < 0 ? format(t.overdue, { n: -daysLeft }) : format(t.left, { n: daysLeft }),
        ),
      );
    }
    section.appendChild(table);
    var href = safeLink(context.linkUrl);
    if (href) {
      var link = el('a', 'demo-loans-more', t.more);
      link.href = href;
      section.appendChild(link);
    }
    container.replaceChildren(section);
  }

  var apps = (window.EduViewportApps = window.EduViewportApps || {});
  apps.loans = function mount(container, context) {
    render(container, context);
    return {
      update: function (next) {
        render(container, next);
      },
      unmount: function () {
        container.replaceChildren();
      },
    };
  };
})();
