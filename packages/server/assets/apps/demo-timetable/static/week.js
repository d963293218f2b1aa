// Demo app "timetable", file "week": the week's timetable of one class, for <edu-viewport>.
// Contract (docs/decisions.md "Building blocks B"): a classic script that registers
// window.EduViewportApps[fileId] = mount(container, context) → { update(context), unmount() },
// context = { app, fileId, id, linkUrl, lang }. It renders with DOM calls only (no HTML strings).
(function () {
  'use strict';

  var TEXTS = {
    'zh-CN': {
      caption: '{class} 周课表',
      period: '节次',
      days: ['星期一', '星期二', '星期三', '星期四', '星期五'],
      periodName: '第{n}节',
      today: '今天',
    },
    'zh-HK': {
      caption: '{class} 週課表',
      period: '節次',
      days: ['星期一', '星期二', '星期三', '星期四', '星期五'],
      periodName: '第{n}節',
      today: '今天',
    },
    en: {
      caption: '{class} weekly timetable',
      period: 'Period',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      periodName: 'Period {n}',
      today: 'today',
    },
  };

  var SUBJECTS = [
    { 'zh-CN': '语文', 'zh-HK': '語文', en: 'Chinese' },
    { 'zh-CN': '数学', 'zh-HK': '數學', en: 'Maths' },
    { 'zh-CN': '英语', 'zh-HK': '英語', en: 'English' },
    { 'zh-CN': '物理', 'zh-HK': '物理', en: 'Physics' },
    { 'zh-CN': '历史', 'zh-HK': '歷史', en: 'History' },
    { 'zh-CN': '地理', 'zh-HK': '地理', en: 'Geography' },
    { 'zh-CN': '生物', 'zh-HK': '生物', en: 'Biology' },
    { 'zh-CN': '体育', 'zh-HK': '體育', en: 'PE' },
    { 'zh-CN': '音乐', 'zh-HK': '音樂', en: 'Music' },
    { 'zh-CN': '美术', 'zh-HK': '美術', en: 'Art' },
    { 'zh-CN': '道德与法治', 'zh-HK': '道德與法治', en: 'Civics' },
  ];

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return String(values[key]);
    });
  }

  function classNumber(id) {
    var n = parseInt(id, 10);
    return n >= 1 && n <= 12 ? n : 1;
  }

  function className(n, lang) {
    return lang === 'en' ? 'Class ' + n : '初一(' + n + ')班';
  }

  // The same class always gets the same week: subjects rotate by class, day and period.
  function subjectAt(classNo, day, period) {
    if (period === 0) return SUBJECTS[(classNo + day) % 3];
    return SUBJECTS[(classNo * 3 + day * 5 + period * 7) % SUBJECTS.length];
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render(container, context) {
    var lang = TEXTS[context.lang] ? context.lang : 'zh-CN';
    var t = TEXTS[lang];
    var classNo = classNumber(context.id);
    var todayIndex = new Date().getDay() - 1; // Monday 0 … Friday 4
    var table = el('table', 'demo-timetable');
    table.appendChild(el('caption', '', format(t.caption, { class: className(classNo, lang) })));
    var head = table.createTHead().insertRow();
    var corner = el('th', '', t.period);
    corner.scope = 'col';
    head.appendChild(corner);
    t.days.forEach(function (day, index) {
      var th = el('th', index === todayIndex ? 'is-today' : '', day);
      th.scope = 'col';
      if (index === todayIndex) th.appendChild(el('span', 'demo-timetable-badge', t.today));
      head.appendChild(th);
    });
    var body = table.createTBody();
    for (var period = 0; period < 7; period++) {
      var row = body.insertRow();
      var th = el('th', '', format(t.periodName, { n: period + 1 }));
      th.scope = 'row';
      row.appendChild(th);
      for (var day = 0; day < 5; day++) {
        row.appendChild(el('td', day === todayIndex ? 'is-today' : '', subjectAt(classNo, day, period)[lang]));
      }
    }
    container.replaceChildren(table);
  }

  var apps = (window.EduViewportApps = window.EduViewportApps || {});
  apps.week = function mount(container, context) {
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
