"""Interface text in English, French, Portuguese and Russian.

`tr(key, **values)` looks the key up in the current language, falling back to
English; card names and effects are looked up by the card's effect key.
"""

from __future__ import annotations

_current = "en"

EN: dict[str, str] = {
    "title": "HAVANA", "subtitle": "a card game by Reinhard Staupe",
    "menu.new": "New local game", "menu.host": "Host LAN game", "menu.join": "Join LAN game",
    "menu.resume": "Resume saved game", "menu.rules": "Rules", "menu.settings": "Settings",
    "menu.quit": "Quit", "menu": "Menu", "resume": "Resume game", "leave": "Leave to menu",
    "back": "Back", "start": "Start", "confirm": "Confirm", "undo": "Undo",
    "end_turn": "End turn", "decline": "Don't use it", "human": "Human", "ai": "AI",
    "none": "—", "seat": "Seat {n}", "name": "Name", "age": "Age", "players": "Players",
    "new.title": "New local game", "new.hint": "One human: single player. Several: hotseat.",
    "lobby.title": "LAN lobby", "lobby.code": "Join code: {code}", "lobby.add_bot": "Add AI",
    "lobby.kick": "Remove", "lobby.waiting": "Waiting for players…", "lobby.empty": "free",
    "join.title": "Join LAN game", "join.address": "Address (host:port)", "join.code": "Code",
    "join.connect": "Connect", "join.found": "Games found on this network",
    "join.none": "No games found yet — you can type an address.",
    "net.missing": "LAN play is not available in this build.",
    "net.version": "The host runs a different version of Havana ({detail}).",
    "net.reconnecting": "Connection lost — reconnecting…", "net.error": "Error: {detail}",
    "resume.none": "No saved game found.",
    "settings.title": "Settings", "settings.language": "Language",
    "settings.fullscreen": "Fullscreen (F11)", "settings.speed": "Animation speed",
    "settings.volume": "Sound volume", "settings.mute": "Mute", "settings.colorblind":
    "Colorblind symbols", "on": "on", "off": "off", "speed.0.0": "off", "speed.0.5": "slow",
    "speed.1.0": "normal", "speed.2.0": "fast",
    "rules.title": "Rules in brief",
    "rules.text": (
        "Each round every player has two face-up action cards; low digit first they form a "
        "number, and the lowest number plays first.\n"
        "On your turn carry out both actions in the order you choose, then build any number "
        "of buildings from the four ends of the two rows, paying their exact cost "
        "(5 gray may stand for 1 colored material, 5 pesos for 1 worker).\n"
        "Then the market gets 3 materials and 3 pesos, and in turn order each player covers "
        "one face-up card with a new card from hand, face down; they are revealed together.\n"
        "The first to reach the VP target at the end of their turn wins: 25 VP with 2 "
        "players, 20 with 3, 15 with 4."),
    "round": "Round {n}", "target": "Goal {vp} VP", "pile": "Pile {n}", "bag": "Bag {n}",
    "market": "Market", "log": "Game log", "hand": "Your hand", "discard": "Discard {n}",
    "hand_size": "Hand {n}", "built": "Built", "covered": "covers", "protected": "Protected",
    "phase.setup": "Opening cards", "phase.actions": "Actions and building",
    "phase.cover": "New action cards", "phase.over": "Game over",
    "prompt.choose": "Choose two cards to play face down, then confirm.",
    "prompt.act": "Click one of your face-up cards to carry out its action.",
    "prompt.act_option": "Choose how to carry out {card}.",
    "prompt.tax": "Tax Collector: what do you take from {name}?",
    "prompt.build": "Click a highlighted building to build it, or end your turn.",
    "prompt.pay": "Build {building}. Payment {i} of {n}:", "build": "Build",
    "prompt.cover": "Choose the face-up card to cover and the new card from your hand.",
    "prompt.wait": "Waiting for {name}…", "prompt.wait_all": "Waiting for the others…",
    "prompt.over": "The game is over.",
    "curtain.pass": "Pass to {name}", "curtain.click": "Click or press Enter when ready",
    "results.title": "Results", "results.winner": "{names} win(s)!", "results.menu": "Menu",
    "results.again": "Play again", "results.vp": "{vp} VP", "results.buildings":
    "{n} buildings",
    "reason.target_reached": "reached the VP target",
    "reason.no_buildings_left": "no buildings left",
    "reason.no_materials_left": "no materials left", "reason.round_limit": "round limit",
    "story.built": "built {n} buildings ({vp} VP), the biggest {big}",
    "story.nothing": "built nothing", "story.stole": "stole {n} times",
    "story.taxed": "was taxed {n} times", "story.pesos": "took {n} pesos",
    "story.materials": "gathered {n} materials",
    "log.round": "— Round {n} —", "log.turn": "{name}'s turn",
    "log.materials": "{name} takes {what} from the {source}",
    "log.pesos": "{name} takes {n} pesos from the {source}",
    "log.workers": "{name} takes {n} workers", "log.workers.one": "{name} takes 1 worker",
    "log.pesos.one": "{name} takes 1 peso from the {source}",
    "log.pesos_stolen.one": "{name} steals 1 peso from {victim}", "nothing": "nothing",
    "log.built": "{name} builds {building} ({vp} VP)",
    "log.removed": "{name} removes {building}", "log.refill": "Row {row} refilled",
    "log.revealed": "Cards revealed", "log.covered": "{name} covers {card}",
    "log.chosen": "{name} has chosen", "log.taxed": "{name} takes {what} from {victim}",
    "log.pesos_stolen": "{name} steals {n} pesos from {victim}",
    "log.materials_stolen": "{name} steals {what} from {victim}",
    "log.supplied": "Market supplied: {what} and {n} pesos",
    "log.action": "{name} plays {card}", "log.took_back": "{name} takes back a card",
    "log.discards": "{name} takes back {n} discards", "log.over": "Game over: {names} won",
    "source.market": "market", "source.bag": "bag", "source.bank": "bank",
    "color.red": "red", "color.yellow": "yellow", "color.brown": "brown", "color.blue": "blue",
    "color.gray": "gray", "color.worker": "a worker", "pesos": "pesos", "workers": "workers",
    "caption.pesos": "pesos", "caption.bank": "bank", "caption.bag": "bag",
    "caption.pile": "pile", "vp": "VP", "architect": "Needs the Architect", "cost": "Cost",
    "can_afford": "You can build this now", "cannot_afford": "You cannot pay for this now",
    "option.victim": "from {name}", "option.card": "take back {card}",
    "skip": "Space: skip animations", "rejected": "Not allowed: {reason}",
    "your_turn": "Your turn",
    "card.siesta": "Siesta", "card.refreshment": "Refreshment", "card.protection": "Protection",
    "card.debris": "Debris", "card.conservation": "Conservation",
    "card.tax_collector": "Tax Collector", "card.worker": "Worker",
    "card.architect": "Architect", "card.pesos_thief": "Pesos Thief",
    "card.materials_thief": "Materials Thief", "card.black_market": "Black Market",
    "card.pesos": "Pesos", "card.mama": "Mama",
    "effect.siesta": "No action. It makes a low number.",
    "effect.refreshment": "Optional: take one card of your choice from your discard pile "
    "back into your hand.",
    "effect.protection": "This round no Tax Collector or thief can take anything from you.",
    "effect.debris": "Take all gray rubble from the market.",
    "effect.conservation": "Optional: remove an end building of either row to the box. "
    "Only one per round in total.",
    "effect.tax_collector": "Take 1 peso from the bank. From each later, unprotected player "
    "remove 1 worker or 1 material.",
    "effect.worker": "Take 2 workers if you are the first this round to do so, else 1.",
    "effect.architect": "Take 1 worker. Needed face up to build Architect buildings.",
    "effect.pesos_thief": "Take half (rounded down) of the pesos of a later, unprotected "
    "player.",
    "effect.materials_thief": "Take 1 material from a later, unprotected player; 2 if they "
    "hold 4 or more colored.",
    "effect.black_market": "Draw 2 random materials from the bag if you are the first this "
    "round, else 1.",
    "effect.pesos": "Take half (rounded up) of the pesos in the market.",
    "effect.mama": "Take half (rounded up) of the market's colored materials, colors of "
    "your choice, and half of its gray.",
}

FR: dict[str, str] = {
    "subtitle": "un jeu de cartes de Reinhard Staupe", "menu.new": "Nouvelle partie locale",
    "menu.host": "Héberger en réseau", "menu.join": "Rejoindre en réseau",
    "menu.resume": "Reprendre la partie", "menu.rules": "Règles", "menu.settings": "Réglages",
    "menu.quit": "Quitter", "back": "Retour", "start": "Commencer", "confirm": "Valider",
    "undo": "Annuler", "end_turn": "Fin du tour", "decline": "Ne pas l'utiliser",
    "human": "Humain", "ai": "IA", "players": "Joueurs", "name": "Nom", "age": "Âge",
    "settings.title": "Réglages", "settings.language": "Langue",
    "settings.fullscreen": "Plein écran (F11)", "settings.speed": "Vitesse des animations",
    "settings.volume": "Volume", "settings.mute": "Muet",
    "settings.colorblind": "Symboles daltoniens", "round": "Manche {n}",
    "target": "But {vp} PV", "market": "Marché", "log": "Journal", "hand": "Votre main",
    "curtain.pass": "Passez à {name}", "curtain.click": "Cliquez ou Entrée quand prêt",
    "results.title": "Résultats", "your_turn": "À vous", "vp": "PV",
    "card.siesta": "Sieste", "card.refreshment": "Rafraîchissement",
    "card.protection": "Protection", "card.debris": "Gravats",
    "card.conservation": "Conservation", "card.tax_collector": "Percepteur",
    "card.worker": "Ouvriers", "card.architect": "Architecte",
    "card.pesos_thief": "Voleur de pesos", "card.materials_thief": "Voleur de matériaux",
    "card.black_market": "Marché noir", "card.pesos": "Pesos", "card.mama": "Mama",
    "on": "oui", "off": "non", "speed.0.0": "aucune", "speed.0.5": "lente",
    "speed.1.0": "normale", "speed.2.0": "rapide", "menu": "Menu",
    "prompt.wait": "{name} joue…", "prompt.wait_all": "On attend les autres…",
    "new.title": "Nouvelle partie locale", "build": "Construire",
}

PT: dict[str, str] = {
    "subtitle": "um jogo de cartas de Reinhard Staupe", "menu.new": "Novo jogo local",
    "menu.host": "Hospedar jogo em rede", "menu.join": "Entrar em jogo em rede",
    "menu.resume": "Continuar jogo salvo", "menu.rules": "Regras", "menu.settings": "Opções",
    "menu.quit": "Sair", "back": "Voltar", "start": "Começar", "confirm": "Confirmar",
    "undo": "Desfazer", "end_turn": "Terminar a vez", "decline": "Não usar",
    "human": "Humano", "ai": "IA", "players": "Jogadores", "name": "Nome", "age": "Idade",
    "settings.title": "Opções", "settings.language": "Idioma",
    "settings.fullscreen": "Tela cheia (F11)", "settings.speed": "Velocidade das animações",
    "settings.volume": "Volume", "settings.mute": "Sem som",
    "settings.colorblind": "Símbolos para daltônicos", "round": "Rodada {n}",
    "target": "Meta {vp} PV", "market": "Mercado", "log": "Registro", "hand": "Sua mão",
    "curtain.pass": "Passe para {name}", "curtain.click": "Clique ou Enter quando pronto",
    "results.title": "Resultado", "your_turn": "Sua vez", "vp": "PV",
    "card.siesta": "Sesta", "card.refreshment": "Refresco", "card.protection": "Proteção",
    "card.debris": "Entulho", "card.conservation": "Conservação",
    "card.tax_collector": "Cobrador de impostos", "card.worker": "Trabalhadores",
    "card.architect": "Arquiteto", "card.pesos_thief": "Ladrão de pesos",
    "card.materials_thief": "Ladrão de materiais", "card.black_market": "Mercado negro",
    "card.pesos": "Pesos", "card.mama": "Mamãe",
    "on": "sim", "off": "não", "speed.0.0": "nenhuma", "speed.0.5": "lenta",
    "speed.1.0": "normal", "speed.2.0": "rápida", "menu": "Menu",
    "prompt.wait": "Vez de {name}…", "prompt.wait_all": "Esperando os outros…",
    "new.title": "Novo jogo local", "build": "Construir",
}

RU: dict[str, str] = {
    "title": "ГАВАНА", "subtitle": "карточная игра Райнхарда Штаупе",
    "menu.new": "Новая игра", "menu.host": "Создать игру по сети",
    "menu.join": "Подключиться к игре", "menu.resume": "Продолжить сохранённую",
    "menu.rules": "Правила", "menu.settings": "Настройки", "menu.quit": "Выход",
    "back": "Назад", "start": "Начать", "confirm": "Подтвердить", "undo": "Отменить",
    "end_turn": "Закончить ход", "decline": "Не использовать", "human": "Человек",
    "ai": "ИИ", "players": "Игроки", "name": "Имя", "age": "Возраст",
    "settings.title": "Настройки", "settings.language": "Язык",
    "settings.fullscreen": "Полный экран (F11)", "settings.speed": "Скорость анимации",
    "settings.volume": "Громкость", "settings.mute": "Без звука",
    "settings.colorblind": "Символы для дальтоников", "round": "Раунд {n}",
    "target": "Цель {vp} ПО", "market": "Рынок", "log": "Журнал", "hand": "Ваша рука",
    "curtain.pass": "Передайте ход: {name}", "curtain.click": "Нажмите, когда будете готовы",
    "results.title": "Итоги", "your_turn": "Ваш ход", "vp": "ПО",
    "card.siesta": "Сиеста", "card.refreshment": "Освежение", "card.protection": "Защита",
    "card.debris": "Мусор", "card.conservation": "Охрана памятников",
    "card.tax_collector": "Сборщик налогов", "card.worker": "Рабочие",
    "card.architect": "Архитектор", "card.pesos_thief": "Вор песо",
    "card.materials_thief": "Вор материалов", "card.black_market": "Чёрный рынок",
    "card.pesos": "Песо", "card.mama": "Мама",
    "effect.siesta": "Нет действия. Даёт низкое число.",
    "effect.pesos": "Возьмите половину (с округлением вверх) песо с рынка.",
    "log.round": "— Раунд {n} —", "log.turn": "Ход: {name}",
    "log.materials": "{name} берёт {what} ({source})",
    "log.pesos": "{name} берёт {n} песо ({source})",
    "log.pesos.one": "{name} берёт 1 песо ({source})",
    "log.workers": "{name} берёт рабочих: {n}", "log.workers.one": "{name} берёт 1 рабочего",
    "log.built": "{name} строит «{building}» ({vp} ПО)",
    "log.removed": "{name} убирает «{building}»", "log.refill": "Ряд {row} пополнен",
    "log.revealed": "Карты открыты", "log.covered": "{name} накрывает «{card}»",
    "log.chosen": "{name} выбрал(а) карты", "log.taxed": "{name} забирает {what} у {victim}",
    "log.pesos_stolen": "{name} крадёт {n} песо у {victim}",
    "log.pesos_stolen.one": "{name} крадёт 1 песо у {victim}",
    "log.materials_stolen": "{name} крадёт {what} у {victim}",
    "log.supplied": "На рынок: {what} и {n} песо", "log.action": "{name} играет «{card}»",
    "log.took_back": "{name} возвращает карту в руку",
    "log.discards": "{name} забирает сброс ({n})", "log.over": "Конец игры: победа {names}",
    "source.market": "с рынка", "source.bag": "из мешка", "source.bank": "из банка",
    "color.worker": "рабочего", "nothing": "ничего", "hand_size": "В руке {n}",
    "discard": "Сброс {n}", "protected": "Защищён",
    "results.vp": "{vp} ПО", "results.buildings": "зданий: {n}",
    "reason.target_reached": "набрано нужное число ПО",
    "can_afford": "Можно построить сейчас", "cannot_afford": "Сейчас не хватает ресурсов",
    "cost": "Цена", "architect": "Нужен Архитектор",
    "on": "вкл", "off": "выкл", "speed.0.0": "выкл", "speed.0.5": "медленно",
    "speed.1.0": "обычно", "speed.2.0": "быстро", "new.title": "Новая игра",
    "new.hint": "Один человек — одиночная игра; несколько — по очереди за одним экраном.",
    "lobby.title": "Сетевая игра", "lobby.code": "Код для входа: {code}",
    "lobby.add_bot": "Добавить ИИ", "lobby.kick": "Убрать", "lobby.empty": "свободно",
    "lobby.waiting": "Ждём игроков…", "join.title": "Подключиться к игре",
    "join.connect": "Подключиться", "join.code": "Код", "join.address": "Адрес (хост:порт)",
    "net.reconnecting": "Связь потеряна — переподключение…",
    "net.version": "У хоста другая версия «Гаваны» ({detail}).",
    "menu": "Меню", "resume": "Вернуться к игре", "leave": "Выйти в меню",
    "phase.setup": "Выбор первых карт", "phase.actions": "Действия и строительство",
    "phase.cover": "Новые карты действий", "phase.over": "Игра окончена",
    "prompt.choose": "Выберите две карты и положите их рубашкой вверх, затем подтвердите.",
    "prompt.act": "Нажмите на одну из открытых карт, чтобы выполнить её действие.",
    "prompt.act_option": "Как выполнить «{card}»?",
    "prompt.tax": "Сборщик налогов: что забрать у игрока {name}?",
    "prompt.build": "Нажмите на подсвеченное здание, чтобы построить его, или закончите ход.",
    "prompt.pay": "Постройка «{building}». Оплата {i} из {n}:", "build": "Построить",
    "prompt.cover": "Выберите, какую открытую карту накрыть, и новую карту из руки.",
    "prompt.wait": "Ходит {name}…", "prompt.wait_all": "Ждём остальных…",
    "results.menu": "Меню", "results.again": "Ещё раз", "results.winner": "Победа: {names}!",
    "pesos": "песо", "workers": "рабочие", "built": "Построено", "skip": "Пробел: пропустить",
    "option.victim": "у игрока {name}",
    "caption.pesos": "песо", "caption.bank": "банк", "caption.bag": "мешок",
    "caption.pile": "колода", "color.red": "красный", "color.yellow": "жёлтый",
    "color.brown": "коричневый", "color.blue": "синий", "color.gray": "серый",
    "effect.refreshment": "По желанию: возьмите в руку одну карту из своего сброса.",
    "effect.protection": "В этом раунде сборщик налогов и воры ничего у вас не берут.",
    "effect.debris": "Возьмите весь серый щебень с рынка.",
    "effect.conservation": "По желанию: уберите крайнее здание любого ряда. Одно за раунд.",
    "effect.tax_collector": "Возьмите 1 песо из банка. У каждого следующего незащищённого "
    "игрока заберите 1 рабочего или 1 материал.",
    "effect.worker": "Возьмите 2 рабочих, если вы первый в раунде, иначе 1.",
    "effect.architect": "Возьмите 1 рабочего. Нужен для зданий с архитектором.",
    "effect.pesos_thief": "Заберите половину (вниз) песо следующего незащищённого игрока.",
    "effect.materials_thief": "Заберите 1 материал у следующего незащищённого игрока; 2, "
    "если у него 4+ цветных.",
    "effect.black_market": "Вытяните из мешка 2 случайных материала, если вы первый в "
    "раунде, иначе 1.",
    "effect.mama": "Возьмите с рынка половину (вверх) цветных материалов на выбор и "
    "половину серых.",
}

TABLES = {"en": EN, "fr": FR, "pt": PT, "ru": RU}


def set_language(language: str) -> None:
    """Switch all interface text to `language` (one of `TABLES`)."""
    global _current
    _current = language if language in TABLES else "en"


def trn(key: str, n: int, **values: object) -> str:
    """Like `tr` with a count: uses `key.one` when `n` is 1 and that text exists."""
    one = f"{key}.one"
    if n == 1 and (one in TABLES[_current] or one in EN):
        return tr(one, n=n, **values)
    return tr(key, n=n, **values)


def tr(key: str, **values: object) -> str:
    """The text for `key` in the current language, with `values` filled in."""
    template = TABLES[_current].get(key) or EN.get(key, key)
    return template.format(**values) if values else template
