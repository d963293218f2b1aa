// Demo app "library", file "search": the school library's catalogue with a search box that filters as one
// types, for <edu-viewport>. Contract: window.EduViewportApps[fileId] = mount(container, context) →
// { update(context), unmount() }; context = { app, fileId, id, linkUrl, lang }. DOM calls only, no HTML strings.
(function () {
  'use strict';

  var TEXTS = {
    'zh-CN': {
      title: '图书检索',
      label: '书名或作者',
      placeholder: '例如：鲁迅',
      found: '找到 {n} 本',
      none: '没有找到相关图书',
      available: '可借 {n} 本',
      out: '已全部借出',
    },
    'zh-HK': {
      title: '圖書檢索',
      label: '書名或作者',
      placeholder: '例如：魯迅',
      found: '找到 {n} 本',
      none: '沒有找到相關圖書',
      available: '可借 {n} 本',
      out: '已全部借出',
    },
    en: {
      title: 'Catalogue search',
      label: 'Title or author',
      placeholder: 'e.g. Lu Xun',
      found: '{n} found',
      none: 'No matching books',
      available: '{n} available',
      out: 'all on loan',
    },
  };

  // title (simplified, traditional, English), author (simplified, traditional, English), copies on the shelf
  var BOOKS = [
    ['朝花夕拾', '朝花夕拾', 'Dawn Blossoms Plucked at Dusk', '鲁迅', '魯迅', 'Lu Xun', 3],
    ['呐喊', '吶喊', 'Call to Arms', '鲁迅', '魯迅', 'Lu Xun', 2],
    ['骆驼祥子', '駱駝祥子', 'Rickshaw Boy', '老舍', '老舍', 'Lao She', 4],
    ['西游记', '西遊記', 'Journey to the West', '吴承恩', '吳承恩', 'Wu Cheng’en', 5],
    ['红星照耀中国', '紅星照耀中國', 'Red Star Over China', '埃德加·斯诺', '埃德加·斯諾', 'Edgar Snow', 0],
    ['昆虫记', '昆蟲記', 'The Insect World', '法布尔', '法布爾', 'Jean-Henri Fabre', 6],
    [
      '钢铁是怎样炼成的',
      '鋼鐵是怎樣煉成的',
      'How the Steel Was Tempered',
      '奥斯特洛夫斯基',
      '奧斯特洛夫斯基',
      'Nikolai Ostrovsky',
      2,
    ],
    ['海底两万里', '海底兩萬里', 'Twenty Thousand Leagues Under the Seas', '凡尔纳', '凡爾納', 'Jules Verne', 3],
    ['简·爱', '簡·愛', 'Jane Eyre', '夏洛蒂·勃朗特', '夏洛蒂·勃朗特', 'Charlotte Brontë', 1],
    ['水浒传', '水滸傳', 'Water Margin', '施耐庵', '施耐庵', 'Shi Nai’an', 2],
    ['儒林外史', '儒林外史', 'The Scholars', '吴敬梓', '吳敬梓', 'Wu Jingzi', 1],
    ['艾青诗选', '艾青詩選', 'Selected Poems of Ai Qing', '艾青', '艾青', 'Ai Qing', 4],
    ['傅雷家书', '傅雷家書', 'Fu Lei’s Letters', '傅雷', '傅雷', 'Fu Lei', 0],
    ['城南旧事', '城南舊事', 'Memories of Peking: South Side Stories', '林海音', '林海音', 'Lin Haiyin', 3],
    ['草房子', '草房子', 'The Straw House', '曹文轩', '曹文軒', 'Cao Wenxuan', 5],
    ['三体', '三體', 'The Three-Body Problem', '刘慈欣', '劉慈欣', 'Liu Cixin', 1],
    ['鲁滨逊漂流记', '魯濱遜漂流記', 'Robinson Crusoe', '笛福', '笛福', 'Daniel Defoe', 2],
    ['格列佛游记', '格列佛遊記', 'Gulliver’s Travels', '斯威夫特', '斯威夫特', 'Jonathan Swift', 2],
    ['平凡的世界', '平凡的世界', 'Ordinary World', '路遥', '路遙', 'Lu Yao', 0],
    ['边城', '邊城', 'Border Town', '沈从文', '沈從文', 'Shen Congwen', 3],
  ];

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return String(values[key]);
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var uid = 0;

  function create(container) {
    var id = 'demo-library-search-' + ++uid;
    var root = el('section', 'demo-library');
    var title = el('h3', '');
    var label = el('label', 'demo-library-label');
    label.htmlFor = id;
    var input = el('input', 'demo-library-input');
    input.type = 'search';
    input.id = id;
    var count = el('p', 'demo-library-count');
    count.setAttribute('role', 'status');
    var list = el('ul', 'demo-library-list');
    root.append(title, label, input, count, list);
    container.replaceChildren(root);
    return { title: title, label: label, input: input, count: count, list: list };
  }

  function render(view, lang) {
    var t = TEXTS[lang];
    var index = lang === 'zh-HK' ? 1 : lang === 'en' ? 2 : 0;
    view.title.textContent = t.title;
    view.label.textContent = t.label;
    view.input.placeholder = t.placeholder;
    var query = view.input.value.trim().toLowerCase();
    var matches = BOOKS.filter(function (book) {
      if (!query) return true;
      for (var i = 0; i < 6; i++) if (String(book[i]).toLowerCase().indexOf(query) >= 0) return true;
      return false;
    });
    view.count.textContent = matches.length ? format(t.found, { n: matches.length }) : t.none;
    view.list.replaceChildren.apply(
      view.list,
      matches.map(function (book) {
        var item = el('li', book[6] ? '' : 'is-out');
        item.appendChild(el('span', 'demo-library-title', book[index]));
        item.appendChild(el('span', 'demo-library-author', book[3 + index]));
        item.appendChild(el('span', 'demo-library-copies', book[6] ? format(t.available, { n: book[6] }) : t.out));
        return item;
      }),
    );
  }

  var apps = (window.EduViewportApps = window.EduViewportApps || {});
  apps.search = function mount(container, context) {
    var lang = TEXTS[context.lang] ? context.lang : 'zh-CN';
    var view = create(container);
    var onInput = function () {
      render(view, lang);
    };
    view.input.addEventListener('input', onInput);
    render(view, lang);
    return {
      update: function (next) {
        lang = TEXTS[next.lang] ? next.lang : 'zh-CN';
        render(view, lang);
      },
      unmount: function () {
        view.input.removeEventListener('input', onInput);
        container.replaceChildren();
      },
    };
  };
})();
