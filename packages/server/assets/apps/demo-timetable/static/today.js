// Demo app "timetable", file "today": today's lessons of one class with the lesson in progress marked and a
// clock that moves the mark, for <edu-viewport>. Same contract as week.js.
(function () {
  'use strict';

  var TEXTS = {
    'zh-CN': {
      title: '{class} 今日课程',
      weekend: '今天是周末，没有课程。',
      now: '正在上课',
      next: '下一节',
      done: '已结束',
    },
    'zh-HK': {
      title: '{class} 今日課程',
      weekend: '今天是週末，沒有課程。',
      now: '正在上課',
      next: '下一節',
      done: '已結束',
    },
    en: {
      title: '{class}: lessons today',
      weekend: 'It is the weekend: no lessons today.',
      now: 'in progress',
      next: 'next',
      done: 'finished',
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

  // Start times of the seven periods (minutes after midnight); each lasts 45 minutes.
  var STARTS = [8 * 60, 8 * 60 + 55, 10 * 60, 10 * 60 + 55, 14 * 60, 14 * 60 + 55, 15 * 60 + 50];
  var LENGTH = 45;

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return String(values[key]);
    });
  }

  function clock(minutes) {
    var h = Math.floor(minutes / 60);
    var m = minutes % 60;
    return (h < 10 ? '0' : '') + h + ':' + (m < 10 ? '0' : '') + m;
  }

  function classNumber(id) {
    var n = parseInt(id, 10);
    return n >= 1 && n <= 12 ? n : 1;
  }

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
    var now = new Date();
    var day = now.getDay() - 1;
    var minutes = now.getHours() * 60 + now.getMinutes();
    var section = el('section', 'demo-today');
    var name = lang === 'en' ? 'Class ' + classNo : '初一(' + classNo + ')班';
    section.appendChild(el('h3', '', format(t.title, { class: name })));
    if (day < 0 || day > 4) {
      section.appendChild(el('p', '', t.weekend));
      container.replaceChildren(section);
      return;
    }
    var list = el('ol', 'demo-today-list');
    var nextMarked = false;
    STARTS.forEach(function (start, period) {
      var item = el('li', '');
      item.appendChild(el('span', 'demo-today-time', clock(start) + '–' + clock(start + LENGTH)));
      item.appendChild(el('span', 'demo-today-subject', subjectAt(classNo, day, period)[lang]));
      var state = '';
      if (minutes >= start + LENGTH) state = 'done';
      else if (minutes >= start) state = 'now';
      else if (!nextMarked) {
        state = 'next';
        nextMarked = true;
      }
      if (state) {
        item.className = 'is-' + state;
        item.appendChild(el('span', 'demo-today-state', t[state]));
      }
      list.appendChild(item);
    });
    section.appendChild(list);
    container.replaceChildren(section);
  }

  var apps = (window.EduViewportApps = window.EduViewportApps || {});
  apps.today = function mount(container, context) {
    var current = context;
    render(container, current);
    // The mark follows the clock while the app is mounted.
    var timer = setInterval(function () {
      render(container, current);
    }, 60000);
    return {
      update: function (next) {
        current = next;
        render(container, current);
      },
      unmount: function () {
        clearInterval(timer);
        container.replaceChildren();
      },
    };
  };
})();
