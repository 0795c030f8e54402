"""The llm judge against a real HTTP server speaking the OpenAI chat-completions shape.

The server runs in a thread on 127.0.0.1 and answers what each test scripts; it counts
and records every request, so retries, cache hits and headers are checked on the wire.
"""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

import pytest
from fake_llm_server import GOOD, Reply, echo
from hypothesis import given
from hypothesis import strategies as st

from aligner.errors import JudgeError
from aligner.screen.judge import GroupMention, Judgement, ScreenLine
from aligner.screen.llm import LLMJudge
from aligner.screen.prompt import DEFAULT_PROMPT
from aligner.screen.replies import first_object, verdict_from
from aligner.screen.verdict_cache import CACHE_FILE

WOMEN = GroupMention("women", "gender.woman", "gender")
LINES = [
    ScreenLine("Women can't drive.", (WOMEN,), None, "Says who?"),
    ScreenLine("The old man sat down.", (GroupMention("old man", "age.old", "age"),), "Sit.", None),
    ScreenLine("Girls can fix engines too.", (GroupMention("Girls", "gender.girl", "gender"),)),
]
TEMPLATE = "# system\nJudge lines.\n# user\n{text}\n{prev_text}\n{next_text}\n{mentions}\n"


def make_judge(url: str, **options) -> LLMJudge:
    settings = {"model": "tiny-chat", "retries": 2, "backoff": 0.001, "timeout": 5.0,
                "show_progress": False}
    return LLMJudge(url, **{**settings, **options})


def write_template(path: Path, text: str = TEMPLATE) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- replies -------------------------------------------------------------------------


def test_good_replies_become_judgements_in_input_order(endpoint):
    def earlier_lines_answer_later(body: dict) -> Reply:
        asked = [line.text in body["messages"][1]["content"] for line in LINES].index(True)
        return Reply(echo(body).content, delay=0.05 * (len(LINES) - asked))

    endpoint.responder = earlier_lines_answer_later
    verdicts = make_judge(endpoint.url, workers=3).judge(LINES)

    pairs = zip(LINES, verdicts, strict=True)
    assert all(line.text in verdict.rationale for line, verdict in pairs)
    assert verdicts[0] == Judgement(0.9, "gender", "women", "stereotype", verdicts[0].rationale)
    assert endpoint.requests == 3
    assert set(endpoint.paths) == {"/v1/chat/completions"}
    body = endpoint.bodies[0]
    assert body["model"] == "tiny-chat" and body["temperature"] == 0
    assert [message["role"] for message in body["messages"]] == ["system", "user"]


def test_the_default_prompt_shows_the_line_its_neighbours_and_mentions(endpoint):
    make_judge(endpoint.url).judge(LINES[:1])
    system, user = (message["content"] for message in endpoint.bodies[0]["messages"])
    assert "sexual-orientation" in system and '"stereotype"' in system
    assert "Women can't drive." in user and "Says who?" in user and "(none)" in user
    assert "women (gender: gender.woman)" in user
    assert "{" not in user  # every placeholder filled


@pytest.mark.parametrize("content", [
    f"```json\n{json.dumps(GOOD)}\n```",
    f"Sure! Here is my verdict: {json.dumps(GOOD, indent=2)} I hope this helps {{:)}}",
])
def test_a_verdict_in_a_fence_or_in_prose_is_found(endpoint, content):
    endpoint.responder = lambda body: Reply(content)
    assert make_judge(endpoint.url).judge(LINES[:1]) == [Judgement(**GOOD)]
    assert endpoint.requests == 1


def test_invalid_json_is_asked_again(endpoint):
    endpoint.script.append(Reply('{"stereotype": 0.9, "category": '))
    assert make_judge(endpoint.url).judge(LINES[:1]) == [Judgement(**GOOD)]
    assert endpoint.requests == 2


@pytest.mark.parametrize(("field_name", "value", "problem"), [
    ("stereotype", 1.7, "stereotype must be a number from 0 to 1, got 1.7"),
    ("stereotype", "high", "stereotype must be a number from 0 to 1"),
    ("category", "politics", "category must be one of race-color, gender"),
    ("direction", "maybe", "direction must be one of stereotype, anti-stereotype, none"),
    ("target", 3, "target must be a string or null"),
])
def test_invalid_fields_are_retried_then_name_the_line(endpoint, field_name, value, problem):
    endpoint.responder = lambda body: Reply(json.dumps({**GOOD, field_name: value}))
    with pytest.raises(JudgeError, match="no valid verdict") as caught:
        make_judge(endpoint.url, retries=2).judge(LINES[:1])
    assert "Women can't drive." in str(caught.value) and problem in str(caught.value)
    assert endpoint.requests == 3


def test_a_missing_field_is_invalid(endpoint):
    endpoint.responder = lambda body: Reply(json.dumps({"stereotype": 0.2, "category": None}))
    with pytest.raises(JudgeError, match="missing field"):
        make_judge(endpoint.url, retries=0).judge(LINES[:1])
    assert endpoint.requests == 1


def test_null_category_and_target_and_direction_none_are_kept(endpoint):
    verdict = {"stereotype": 0, "category": None, "target": None, "direction": "none",
               "rationale": "Names nobody."}
    endpoint.responder = lambda body: Reply(json.dumps(verdict))
    assert make_judge(endpoint.url).judge(LINES[1:2]) == [Judgement(0.0, None, None, "none",
                                                                    "Names nobody.")]


def test_one_line_without_a_verdict_stops_the_batch_and_the_rest_are_kept(endpoint, tmp_path):
    def bad_for_the_old_man(body: dict) -> Reply:
        if "old man" in body["messages"][1]["content"]:
            return Reply("I would rather not say.")
        return echo(body)

    endpoint.responder = bad_for_the_old_man
    with pytest.raises(JudgeError, match="The old man sat down"):
        make_judge(endpoint.url, retries=1, workers=1, cache_dir=tmp_path).judge(LINES)
    endpoint.responder = echo
    before = endpoint.requests
    verdicts = make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    assert endpoint.requests == before + 1  # only the line that failed is asked again
    assert "The old man sat down." in verdicts[1].rationale


@given(before=st.text(alphabet=st.characters(blacklist_characters="{"), max_size=40),
       after=st.text(max_size=40),
       score=st.floats(min_value=0, max_value=1),
       direction=st.sampled_from(["stereotype", "anti-stereotype", "none"]))
def test_the_first_object_in_any_surrounding_text_is_the_verdict(before, after, score, direction):
    verdict = {**GOOD, "stereotype": score, "direction": direction}
    found = verdict_from(first_object(before + json.dumps(verdict) + after))
    assert found == Judgement(**verdict)


# --- the endpoint --------------------------------------------------------------------


@pytest.mark.parametrize("status", [500, 503, 429])
def test_server_errors_and_rate_limits_are_retried(endpoint, status):
    endpoint.script.append(Reply(status=status, raw=b'{"error": {"message": "busy"}}'))
    assert make_judge(endpoint.url).judge(LINES[:1]) == [Judgement(**GOOD)]
    assert endpoint.requests == 2


def test_server_errors_that_persist_fail_with_the_servers_message(endpoint):
    endpoint.responder = lambda body: Reply(status=502, raw=b"upstream model crashed")
    with pytest.raises(JudgeError, match=r"HTTP 502 \(3 tries\): upstream model crashed"):
        make_judge(endpoint.url).judge(LINES[:1])
    assert endpoint.requests == 3


def test_a_refused_request_fails_at_once_with_the_servers_message(endpoint):
    endpoint.responder = lambda body: Reply(
        status=401, raw=b'{"error": {"message": "Incorrect API key provided"}}')
    with pytest.raises(JudgeError, match=r"HTTP 401: Incorrect API key provided; check OPENAI"):
        make_judge(endpoint.url, retries=3).judge(LINES[:1])
    assert endpoint.requests == 1


def test_an_endpoint_nobody_listens_on_is_one_clear_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    expected = (f"cannot reach the LLM judge at {url} (connection refused): start the server "
                "(vLLM, llama.cpp server, Ollama) or pass --judge-url")
    with pytest.raises(JudgeError) as caught:
        make_judge(url, retries=1).judge(LINES)
    assert str(caught.value) == expected


def test_a_server_slower_than_the_timeout_is_retried_then_fails(endpoint):
    endpoint.responder = lambda body: Reply(delay=0.5)
    with pytest.raises(JudgeError, match=r"did not answer within 0.1s \(2 tries\)"):
        make_judge(endpoint.url, retries=1, timeout=0.1).judge(LINES[:1])
    assert endpoint.requests == 2


def test_a_slow_first_answer_then_a_fast_one_succeeds(endpoint):
    endpoint.script.append(Reply(delay=0.5))
    assert make_judge(endpoint.url, timeout=0.1).judge(LINES[:1]) == [Judgement(**GOOD)]
    assert endpoint.requests == 2


def test_the_api_key_is_sent_as_a_bearer_token_only_when_given(endpoint):
    make_judge(endpoint.url, api_key="sk-test").judge(LINES[:1])
    make_judge(endpoint.url).judge(LINES[:1])
    assert endpoint.headers[0]["Authorization"] == "Bearer sk-test"
    assert "Authorization" not in endpoint.headers[1]


# --- the cache -----------------------------------------------------------------------


def test_a_rerun_answers_from_the_cache_without_a_request(endpoint, tmp_path):
    first = make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    assert endpoint.requests == 3
    again = make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES[::-1])
    assert endpoint.requests == 3
    assert again == first[::-1]


def test_repeated_lines_are_asked_once(endpoint):
    verdicts = make_judge(endpoint.url).judge([LINES[0], LINES[1], LINES[0]])
    assert endpoint.requests == 2 and verdicts[0] == verdicts[2]
    assert make_judge(endpoint.url).judge([]) == [] and endpoint.requests == 2


def test_another_model_or_template_misses_the_cache(endpoint, tmp_path):
    cache = tmp_path / "cache"
    make_judge(endpoint.url, cache_dir=cache).judge(LINES)
    make_judge(endpoint.url, cache_dir=cache, model="other-model").judge(LINES)
    assert endpoint.requests == 6
    edited = write_template(tmp_path / "edited.md", TEMPLATE.replace("Judge lines.", "Judge!"))
    make_judge(endpoint.url, cache_dir=cache, prompt=edited).judge(LINES)
    assert endpoint.requests == 9
    make_judge(endpoint.url, cache_dir=cache, prompt=edited).judge(LINES)
    assert endpoint.requests == 9


def test_the_same_model_elsewhere_hits_the_cache(endpoint, tmp_path):
    make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    other = endpoint.url.replace("127.0.0.1", "localhost")
    make_judge(other, cache_dir=tmp_path).judge(LINES)
    assert endpoint.requests == 3


def test_a_run_killed_mid_write_loses_only_that_line(endpoint, tmp_path):
    make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    cache = tmp_path / CACHE_FILE
    text = cache.read_text(encoding="utf-8")
    cache.write_text(text[: len(text) - 20], encoding="utf-8")  # the last record cut short
    make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    assert endpoint.requests == 4
    make_judge(endpoint.url, cache_dir=tmp_path).judge(LINES)
    assert endpoint.requests == 4


# --- the template and the digest ------------------------------------------------------


def test_an_unknown_placeholder_names_the_file_and_line(tmp_path):
    text = TEMPLATE.replace("{mentions}", "{mentions}\n{film}")
    path = write_template(tmp_path / "mine.md", text)
    with pytest.raises(JudgeError, match=r"unknown placeholder \{film\}") as caught:
        make_judge("http://127.0.0.1:9/v1", prompt=path)
    assert caught.value.path == str(path) and caught.value.line == 8


def test_a_missing_placeholder_names_the_file(tmp_path):
    path = write_template(tmp_path / "mine.md", TEMPLATE.replace("{prev_text}\n", ""))
    with pytest.raises(JudgeError, match=r"never uses \{prev_text\}") as caught:
        make_judge("http://127.0.0.1:9/v1", prompt=path)
    assert caught.value.path == str(path)


def test_a_template_without_a_user_part_is_refused(tmp_path):
    path = write_template(tmp_path / "mine.md", TEMPLATE.replace("# user", "user:"))
    with pytest.raises(JudgeError, match="no '# user' line"):
        make_judge("http://127.0.0.1:9/v1", prompt=path)


def test_a_subtitle_that_looks_like_a_placeholder_is_sent_as_written(endpoint):
    make_judge(endpoint.url).judge([ScreenLine("Type {mentions} here.", (WOMEN,))])
    assert "Type {mentions} here." in endpoint.bodies[0]["messages"][1]["content"]


def test_digest_follows_model_and_template_not_url_or_note(tmp_path):
    base = make_judge("http://a/v1", prompt=write_template(tmp_path / "a.md"))
    assert base.digest() == make_judge("http://b:8000/v1", prompt=tmp_path / "a.md").digest()
    noted = write_template(tmp_path / "noted.md", "A note for editors.\n" + TEMPLATE)
    assert make_judge("http://a/v1", prompt=noted).digest() == base.digest()
    edited = write_template(tmp_path / "edited.md", TEMPLATE.replace("Judge lines.", "Judge!"))
    assert make_judge("http://a/v1", prompt=edited).digest() != base.digest()
    assert make_judge("http://a/v1", prompt=tmp_path / "a.md", model="x").digest() != base.digest()


def test_the_default_prompt_ships_with_the_package():
    assert DEFAULT_PROMPT.is_file() and DEFAULT_PROMPT.parent.name == "prompts"
    assert make_judge("http://a/v1").template.path == DEFAULT_PROMPT


def test_a_failure_with_lines_still_queued_ends_the_batch(endpoint):
    """Lines queued behind a failed one are cancelled, and the batch still ends (waiting
    on a cancelled future would hang it)."""
    endpoint.responder = lambda body: Reply(status=401, raw=b'{"error": "no"}')
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            make_judge(endpoint.url, workers=1).judge(LINES * 3)
        except JudgeError as err:
            outcome.append(err)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive() and len(outcome) == 1
